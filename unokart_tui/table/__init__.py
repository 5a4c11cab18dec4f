"""The table without a screen: a seat's intentions in, what that seat may see and do out.

``TableController`` holds everything a seat does at the table (the act pipeline, UNO, the cursor,
refusals, the catch and jump-in chances, hints and the autopilot, undo, saving); a front end gives
it the player's intentions and shows the ``messages`` it receives. No Textual here: a line mode
or a remote seat is one more front end.
"""

from .controller import TableController
from .messages import Front, Message, SeatState

__all__ = ["Front", "Message", "SeatState", "TableController"]
