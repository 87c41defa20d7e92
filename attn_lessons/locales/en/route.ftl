### The route: each page's label (the sidebar's link, Home's route, Next/Back, the browser's tab, class mode) and,
### as its .question attribute, the question the page answers.

route-home = Home
    .question = What does self-attention do with a sentence?
route-builder = Q/K/V builder
    .question = Where do Q, K and V come from, and how does one weight reach the output?
route-scaling = Scaling explorer
    .question = Why divide the scores by √d_k?
route-training = Training lab
    .question = What does the √d_k do to learning, not just to one softmax?
route-masks = Masks and heads
    .question = Which pairs may attend at all, and what do several heads add?
route-induction = Inside a trained model
    .question = Once a model has learned, where do its heads look, and why there?
route-mistakes = Common mistakes
    .question = What do the usual bugs look like, and how do you catch them?
route-mask-mistakes = Mask mistakes
    .question = Which masking bugs train without an error, and how do you catch them?
route-questions = Check yourself
    .question = Can you answer the questions before the app does?
route-teachers = Class mode (teachers)
    .question = Which misconceptions are common in your class, live?

# $label: the page's label. The browser tab's title.
route-tab-title = { $label } · Attention Explorer
# $label: the page's label. A downloaded notebook's title.
route-notebook-title = Attention Explorer: { $label }
# $label: the next page's label, at the foot of a page.
route-next = Next: { $label }
# $label: the previous page's label.
route-back = Back: { $label }
