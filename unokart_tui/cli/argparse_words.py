"""argparse's own words ("usage:", "options", its errors) in the player's language, from our catalog.

argparse looks its words up with the standard ``gettext`` functions it imported as its module's
``_`` and ``ngettext``, in a domain of its own that no system ships for Slovak or Dutch. Pointing
those two names at the voice is the one place that reaches every word it says: the help's
headings, the ``-h`` line, and the errors it raises from inside ``parse_args``. The voice falls
back to the English it is given, so a word of another Python version reads as before.
"""

from __future__ import annotations

import argparse

from ..voice import N_, _, ngettext

# The words of argparse a player of unokart can meet, exactly as argparse writes them (Python
# 3.11 to 3.13), marked here for the catalog. Its words for mistakes in a program's own parser
# ("conflicting subparser") are for developers and stay English.
WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
)


def speak_argparse() -> None:
    """argparse says its words through the voice from now on, in the language of the context."""
    # Its module's names, not an API: typeshed does not list them, hence setattr.
    setattr(argparse, "_", _)  # noqa: B010
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


__all__ = ["WORDS", "speak_argparse"]
