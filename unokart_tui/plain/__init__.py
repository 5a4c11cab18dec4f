"""Line mode (issue 33): the table as sentences on stdout, commands read from stdin, for screen readers.

No Textual and no escape sequences: one line per sentence, in the words of the game log. The
table is ``table.TableController``'s, as in the full-screen game; this package is one more front
end for it (``table``), with a clock driven by the player's commands (``clock``), the commands'
parsing and the list of those legal now (``commands``), and the loop over stdin (``runner``).
Around the table, the title (``title``) and its pages: New game (``new_game``), Load (``load``)
and Settings (``settings_menu``), each asking one question at a time (``asking``); the rules,
statistics and replays (``rules``, ``stats``, ``replay``, on ``pages``); all through one ``Lines``.
Under ``unokart serve``, a table shared with friends (``friends``, issue 31), over the host's line
(``hostline``), which ``Lines`` waits on beside the person's input.
"""
