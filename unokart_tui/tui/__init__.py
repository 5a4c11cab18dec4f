"""The Textual interface: the App (``app``), its screens, dialogs and widgets, the themes and the stylesheet.

Nothing is imported here: ``unokart`` loads the App on use, and the command line's other commands never do.
"""
