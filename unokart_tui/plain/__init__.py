"""Line mode (issue 33): the table as sentences on stdout, commands read from stdin, for screen readers.

No Textual and no escape sequences: one line per sentence, in the words of the game log. The
table is ``table.TableController``'s, as in the full-screen game; this package is one more front
end for it (``table``), with a clock driven by the player's commands (``clock``), the commands'
parsing and the list of those legal now (``commands``), and the loop over stdin (``runner``).
Only the table is played in line mode so far: the title, the new game form, settings, rules,
statistics and replays are the full-screen game's.
"""
