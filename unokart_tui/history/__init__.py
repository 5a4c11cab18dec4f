"""The history, without Textual: a match played again, a replay's data, the statistics, charts, the export.

It serves the screens and the command line alike. Nothing is imported here: each module loads on use.
"""
