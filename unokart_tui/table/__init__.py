"""The table without Textual: opening a match, and what a seat may do at it."""
