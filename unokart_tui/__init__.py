"""unokart: UNO Mario Kart in the terminal.

Kept light on purpose: importing the package must not load Textual, so that
``unokart_tui.engine`` stays cheap for bots, saves and simulations.
"""

__version__ = "0.1.0"
