"""Shared view pieces: page setup and URL state, figures, number formatting, 'show the code'."""
