"""The table without Textual: opening a match (``opening``), and one seat's table (``controller``).

``controller.TableController`` holds everything a seat does at the table (the act pipeline, UNO,
the cursor, refusals, the catch and jump-in chances, hints and the autopilot, undo, saving); a
front end gives it the player's intentions and shows the ``messages`` it receives. A line mode or
a remote seat is one more front end. Nothing is imported here: the title opens a match through
``opening`` without loading the table.
"""
