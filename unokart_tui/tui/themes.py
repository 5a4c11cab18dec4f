"""The game's themes, registered with Textual's theme system, and the card colours every theme has.

A card's face is drawn with theme variables: ``$card-red`` and ``$card-red-ink`` (its
background and its text), and the same for yellow, green, blue, a wild card and a
card's back. A theme that does not set them (Textual's own: nord, gruvbox...) gets
``CARD_DEFAULTS``. Every face keeps a text contrast of 4.5:1 at least (WCAG AA), and in
the two colour-blind themes the four colours and the wild stay far apart under
simulated colour blindness (tests/ui/test_themes.py measures it with CIEDE2000).
"""

from __future__ import annotations

from textual.app import App
from textual.theme import Theme

from ..defaults import THEME
from ..voice import N_

FACES = ("red", "yellow", "green", "blue", "wild")

# The faces of the default themes: the cards' own colours, each with the ink that reads on it.
CARD_DEFAULTS = {
    "card-red": "#b3261e",
    "card-red-ink": "#ffffff",
    "card-yellow": "#d9a400",
    "card-yellow-ink": "#000000",
    "card-green": "#2e7d32",
    "card-green-ink": "#ffffff",
    "card-blue": "#1565c0",
    "card-blue-ink": "#ffffff",
    "card-wild": "#333333",
    "card-wild-ink": "#ffffff",
    "card-back": "#5c1f1f",
    "card-back-ink": "#f0d0d0",
}


def _faces(faces: tuple[str, str, str, str, str], back: str, inks: str) -> dict[str, str]:
    """Card variables from the five faces (red, yellow, green, blue, wild) and a back; ``inks`` gives
    the ink of each of the six, "w" white or "b" black."""
    variables = {}
    for name, face, ink in zip(FACES, faces, inks[:5], strict=True):
        variables[f"card-{name}"] = face
        variables[f"card-{name}-ink"] = "#ffffff" if ink == "w" else "#000000"
    return {**variables, "card-back": back, "card-back-ink": "#ffffff" if inks[-1] == "w" else "#000000"}


DARK = Theme(
    name=THEME,
    primary="#0178D4",
    secondary="#004578",
    accent="#ffa62b",
    warning="#ffa62b",
    error="#ba3c5b",
    success="#4EBF71",
    foreground="#e0e0e0",
    variables=dict(CARD_DEFAULTS),
)

LIGHT = Theme(
    name="unokart-light",
    primary="#004578",
    secondary="#0178D4",
    accent="#c25e00",
    warning="#a35200",
    error="#b3261e",
    success="#2e7d32",
    foreground="#1a1a1a",
    background="#f2efe6",
    surface="#e6e2d6",
    panel="#d9d4c5",
    dark=False,
    variables={**CARD_DEFAULTS, "card-back": "#8c2a2a", "card-back-ink": "#ffffff", "footer-key-foreground": "#004578"},
)

# Black and white, the brightest faces with black ink (7:1 and more, WCAG AAA), a yellow cursor.
HIGH_CONTRAST = Theme(
    name="unokart-high-contrast",
    primary="#ffffff",
    secondary="#c0c0c0",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff6e6e",
    success="#3ddc84",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    boost="#262626",
    luminosity_spread=0.3,
    text_alpha=1.0,
    variables={
        **_faces(("#ff5f57", "#ffe600", "#3ddc84", "#66a3ff", "#1a1a1a"), "#4d4d4d", "bbbbww"),
        "footer-key-foreground": "#ffff00",
        "border": "#ffffff",
    },
)

# Deuteranopia and protanopia (red and green look alike): a vermilion, a lemon, a blue-green
# and a strong blue, apart in lightness as well as in hue (Okabe and Ito's advice).
RED_GREEN = Theme(
    name="unokart-deutan-protan",
    primary="#0072b2",
    secondary="#004f7a",
    accent="#e69f00",
    warning="#e69f00",
    error="#d55e00",
    success="#44bb99",
    foreground="#e6e6e6",
    variables=_faces(("#bb4411", "#ffff66", "#44bb99", "#0055cc", "#333333"), "#4a2a10", "wbbwww"),
)

# Tritanopia (blue and green, yellow and pink look alike): a red, a gold, a mint, a violet-blue;
# the cursor a pink that none of the four faces is.
BLUE_YELLOW = Theme(
    name="unokart-tritan",
    primary="#cc3322",
    secondary="#8a2217",
    accent="#ff66cc",
    warning="#ffdd55",
    error="#cc3322",
    success="#11cc88",
    foreground="#e6e6e6",
    variables=_faces(("#cc3322", "#ffdd55", "#11cc88", "#5555ee", "#333333"), "#4a1a14", "wbbwww"),
)

THEMES = (DARK, LIGHT, HIGH_CONTRAST, RED_GREEN, BLUE_YELLOW)
DEFAULT_THEME = DARK.name
# How the settings name them: looked up where shown (``_(label)``), in the reader's language.
THEME_LABELS = {
    DARK.name: N_("Dark"),
    LIGHT.name: N_("Light"),
    HIGH_CONTRAST.name: N_("High contrast"),
    RED_GREEN.name: N_("Colour-blind safe: red–green (deuteranopia, protanopia)"),
    BLUE_YELLOW.name: N_("Colour-blind safe: blue–yellow (tritanopia)"),
}
# The simulated colour blindness each colour-blind theme is made for (tests/ui/test_themes.py).
MADE_FOR = {RED_GREEN.name: ("deuteranopia", "protanopia"), BLUE_YELLOW.name: ("tritanopia",)}


SVG_ROOT = '<svg class="rich-terminal"'  # how Rich's SVG export opens


class ThemedApp(App[None]):
    """An app with the game's themes registered, and card colours under every theme."""

    def __init__(self) -> None:
        super().__init__()
        for theme in THEMES:
            self.register_theme(theme)

    def start_with_theme(self, name: str) -> None:
        """Set the first theme before the app runs, as ``App.theme = name`` does but without its
        watcher: that one has every style read and parsed again once the app has started (about
        0.1 s of the first frame on a busy machine); here the first parse already uses ``name``."""
        theme = self.get_theme(name)
        if theme is None or self.is_running:
            raise ValueError(f"{name!r} is not a theme, or the app already runs")
        self.set_reactive(App.theme, name)
        self.stylesheet.set_variables(self.get_css_variables())  # read at App.__init__, for Textual's default theme
        self.set_class(theme.dark, "-dark-mode", update=False)
        self.set_class(not theme.dark, "-light-mode", update=False)
        self.set_class(True, f"-theme-{name}", update=False)
        self._refresh_truecolor_filter(self.ansi_theme)  # ANSI colours as the theme's dark or light side has them

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **CARD_DEFAULTS}

    def export_screenshot(self, *, title: str | None = None, simplify: bool = False) -> str:
        """Textual's SVG, its spaces kept as written (the palette's screenshot, and the tests' snapshots).

        Found in the 120x40 challenge snapshot: "Wild Draw Fourand calls blue." Each run of one style is a
        ``<text>`` of its own, and librsvg (GNOME's viewers, ``rsvg-convert``) drops the space a run starts
        with, so a word after a painted card was glued to it. ``xml:space="preserve"`` keeps it there.
        """
        svg = super().export_screenshot(title=title, simplify=simplify)
        return svg.replace(SVG_ROOT, f'{SVG_ROOT} xml:space="preserve"', 1)
