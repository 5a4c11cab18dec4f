"""Friends at one table, without Textual: table codes, the lobby, and the one table several people share.

The host holds each shared table in one place; each person's game process is told only what
their seat may know (issue 31). Nothing here imports Textual, so the tests drive a whole table
of people with no screen at all.
"""
