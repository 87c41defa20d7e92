### The app's own name and the language switch.

language-name = English
app-name = Attention Explorer
language-switch = Language
