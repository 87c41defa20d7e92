### Every page's "Take it home": the "Show the code" switch, the download, and the notebook's first cell.

take_home-show-code = Show the code
take_home-short-help = This page's numbers in plain numpy: the code of the notebook below.
take_home-long-help = Every number of X and the weights, so it is long.
take_home-download-label = Download as a notebook
take_home-download-help = A Jupyter notebook that rebuilds this page's numbers in plain numpy and checks them against the page.
# The notebook's first cell, under its title. $app: the app's name (app-name).
take_home-about = A notebook from **{ $app }**. It rebuilds the numbers this page showed in plain numpy, with no import of the app, in the order the page teaches them; its last cell checks them against the numbers the page showed.
take_home-settings = **Settings**
# The shared settings' names in the notebook's list of settings (d_model keeps its symbol).
take_home-setting-sentence = sentence
take_home-setting-seed = seed
take_home-setting-heads = heads
take_home-needs = It needs only numpy (`pip install numpy`): run every cell from the top. The one plotting cell needs plotly and can be skipped.
# A markdown link: $link is the address of the view the notebook was made from.
take_home-open-view = [Open this view in the app]({ $link })
# Under a link whose address the page did not know: $placeholder is the stand-in address, $example a real one.
take_home-replace-base = (Replace `{ $placeholder }` with the address the app runs at, for example `{ $example }`.)
