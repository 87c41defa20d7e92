### The app's own name and the language switch.

language-name = English
app-name = Attention Explorer
language-switch = Language
# A link's ?lang= that names no language the app has; $using is the language the page opens in instead.
language-unknown = The link asks for the language “{ $asked }”, which this app does not have: the page is in { $using }.
