"""The rules as the Rules screen tells them: one page per tab.

A page is a list of blocks: ``Heading(text)``, ``Para(text)``,
``Figure(kind, caption)`` and ``Table(head, rows)``; the Rules scene draws a
figure with real tiles (see ``game.ui.scenes.rules_figures.FIGURES`` for the kinds).
Text may hold ``**bold**`` runs. ``pages()`` are what the Rules screen shows:
a first page on what every set shares, a page per rule set in the order of
``game.engine.RULE_SETS`` (the one its words name, ``game.words.rule_sets``:
its own, or the page of the rule set a variant varies, under the variant's
title), and last the controls (mouse, keyboard and game controller).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine import RULE_SETS
from game.i18n import N_
from game.words.rule_sets import WORDS


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Figure:
    kind: str
    caption: str


@dataclass(frozen=True)
class Table:
    """Rows of cells under a head; the first column names the row."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Para | Figure | Table


@dataclass(frozen=True)
class Page:
    id: str  # "basics" or a rule set id
    tab: str  # the tab's label
    title: str
    blocks: tuple[Block, ...]


BASICS = Page(
    "basics",
    N_("The basics"),
    N_("How every Matador game works"),
    (
        Para(
            N_("Matador is a blocking game: you empty your hand onto a shared line of tiles, and "
            "whoever runs out first, or holds the fewest pips when nobody can move, takes the round.")
        ),
        Heading(N_("Ends add up to seven")),
        Para(
            N_("Tiles do not match here. The half you put against an open end must **add up to seven** "
            "with it: a 6 goes against a 1, a 5 against a 2, a 4 against a 3. Whatever your tile "
            "shows on its far half becomes the new end.")
        ),
        Figure("seven", N_("5 + 2, 6 + 1 and 4 + 3: every join in this line makes seven.")),
        Para(
            N_("A blank end is a dead end for ordinary tiles, since no half carries seven pips. "
            "With the double-nine set of big family games the sum to reach is ten instead.")
        ),
        Heading(N_("Matadors are wild")),
        Para(
            N_("The four **matadors** are 0-0 and the tiles whose halves already make seven: 6-1, 5-2 "
            "and 4-3. A matador goes on any end at all, blanks included, and you choose which of "
            "its halves faces outwards. The double blank always leaves a blank behind it.")
        ),
        Figure("matadors", N_("The matadors of the double-six set: 0-0, 6-1, 5-2 and 4-3.")),
        Figure("blank", N_("Only a matador can open a blank end again; here 5-2 does it.")),
        Heading(N_("Your turn")),
        Para(
            N_("Play moves round the table to the left. On your turn you lay one tile if you can; the "
            "rule set says when you may or must draw from the boneyard instead. You may only pass "
            "when there is truly nothing else to do.")
        ),
        Heading(N_("End of a round")),
        Para(
            N_("A round ends with **Domino!** when someone lays their last tile, or when it is "
            "**blocked** because every player passed in turn. Then the pips still in each hand are "
            "counted; 0-0 counts nothing. A blocked round goes to the lowest count; if two share it, "
            "nobody wins the round.")
        ),
    ),
)

MATADOR = Page(
    "matador",
    N_("Matador"),
    N_("Matador, the classic game"),
    (
        Para(N_("Two to four players with the double-six set. Each takes 7 tiles with two players, 5 with three or four.")),
        Heading(N_("Playing")),
        Para(
            N_("Whoever holds the highest double opens with it. If no one has a double, players take "
            "tiles from the boneyard in turn until somebody draws one, and that double opens. After "
            "the first round the previous winner starts with any tile.")
        ),
        Figure("seven", N_("Each tile joins its neighbour so that the touching halves make seven.")),
        Para(
            N_("Matadors are wild, so keep them for the moment you are stuck or an end is blank. "
            "If you cannot lay a tile you draw, one at a time, until you get one that fits, and you "
            "lay it straight away. When the boneyard is empty you pass.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("Going out earns you every pip left in your opponents' hands. Winning a blocked round "
            "earns, for each opponent, how many pips more than you they hold.")
        ),
        Heading(N_("The match")),
        Para(N_("The first player to reach 100 points wins. A custom game can play to 50, 150, 200 or a single round.")),
    ),
)

ALL_SEVENS = Page(
    "all-sevens",
    N_("All Sevens"),
    N_("All Sevens"),
    (
        Para(
            N_("Known too as Russian Cross or Seven-Up. Two to four players with the double-six set, "
            "7 tiles each; the rest are put aside face down and stay out of the game.")
        ),
        Heading(N_("Playing")),
        Para(
            N_("There are **no matadors** and **no drawing**: on your turn you lay one tile whose "
            "touching half makes seven with an end, or you pass. A blank end therefore closes that "
            "side of the line for the rest of the round.")
        ),
        Figure("closed", N_("No tile can follow the 0: that end is shut until the round is over.")),
        Para(
            N_("The holder of the highest double opens; if nobody holds a double, the tiles are dealt "
            "again. Later rounds are opened by the last winner with any tile. A custom game can bring "
            "matadors back, or let the first double become a spinner with four arms.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("The winner, whether they went out or had the lowest count in a blocked round, scores "
            "all the pips left in the other hands. First to 100 takes the match.")
        ),
    ),
)

FAMILY = Page(
    "family",
    N_("Family Matador"),
    N_("Family Matador"),
    (
        Para(
            N_("The party version, for two to eight players. Up to four play with the double-six set; "
            "from five players on, the double-nine set comes out and joined ends must make **ten**. "
            "Hands are 7 tiles for two players, 5 for more.")
        ),
        Figure("ten", N_("With double-nine the matadors are 0-0 and every tile totalling ten.")),
        Heading(N_("Playing")),
        Para(
            N_("The highest double opens every round. On your turn you either lay a tile or, whether "
            "you like it or not, draw one, and that ends your turn. The last two tiles of the "
            "boneyard are never drawn.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("Going out scores the pips of all your opponents. In a blocked round the lowest count "
            "wins and scores the difference to each opponent's count. The first to 50 wins the match.")
        ),
    ),
)

LEYDEN = Page(
    "leyden",
    N_("Leyden"),
    N_("Leyden"),
    (
        Para(
            N_("A duel for exactly two players with the double-six set. Each gets 6 tiles and 16 stay "
            "in the boneyard.")
        ),
        Heading(N_("The cross")),
        Para(
            N_("The opening tile must be a double other than 0-0, and it becomes the **spinner**: arms "
            "grow from both its ends and both its long sides. The first two tiles after it go on its "
            "two sides; after that any open end may be played.")
        ),
        Figure("cross", N_("A spinner 3-3 with four arms: each arm starts with a 4, because 3 + 4 = 7.")),
        Heading(N_("Crosswise matadors")),
        Para(
            N_("A matador that is not a double may be laid **across** an arm. The end then offers both "
            "of its halves, and the next player on that arm picks which one to join; the tile after "
            "it goes back in line.")
        ),
        Figure("crosswise", N_("4-3 laid across: the arm now offers 4 and 3, so a 3 or a 4 may follow.")),
        Heading(N_("Leading and drawing")),
        Para(
            N_("In the first round the holder of the lowest double (not 0-0) opens. Afterwards the loser "
            "of the last round must open with a double, drawing for one if needed. They may refuse; "
            "then the other player may open, and if both refuse the tiles are dealt again. You may "
            "draw as many tiles as you like before you lay, but the last two stay in the boneyard.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("Here points are bad: each player adds the pips left in their own hand. The first to "
            "reach 100 **loses** the match; if both get there together, the lower total wins.")
        ),
    ),
)

SENST = Page(
    "leyden-senst",
    N_("Leyden (Senst)"),
    N_("Leyden, Senst variant"),
    (
        Para(N_("Played like Leyden, two players with 6 tiles each, with a few changes.")),
        Heading(N_("A complete cross first")),
        Para(
            N_("After the opening double, the next **four** tiles must all go against the spinner, on "
            "its two sides and its two ends in any order. Only when that cross of five tiles stands "
            "may any arm grow further.")
        ),
        Figure("cross", N_("The cross of five: the spinner and one tile against each of its four edges.")),
        Figure("crosswise", N_("Crosswise matadors are allowed, just as in Leyden.")),
        Heading(N_("Leading")),
        Para(
            N_("The player holding the highest double opens with any double of theirs except 0-0. In "
            "later rounds the previous winner opens the same way.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("The winner of a round scores the pips of **both** hands, their own included. A blocked "
            "round with equal counts scores nothing. The first to reach 100 wins.")
        ),
    ),
)

WILD = Page(
    "wild-doubles",
    N_("Wild Doubles"),
    N_("Wild Doubles"),
    (
        Para(
            N_("Two to four players with the double-six set: 7 tiles each for two or three players, "
            "5 for four.")
        ),
        Heading(N_("Doubles are wild")),
        Para(
            N_("There are no matadors. Instead **every double** may be laid on any end, and it changes "
            "nothing: the end still asks for what it asked for before the double.")
        ),
        Figure("wild", N_("6-6 on a 5 end: the next tile still needs a 2, so 2-4 follows.")),
        Heading(N_("Playing")),
        Para(
            N_("The holder of 6-6 opens, otherwise the highest double, otherwise the highest tile. "
            "Every round opens that way. Without a tile to lay you draw until one fits.")
        ),
        Heading(N_("Scoring")),
        Para(
            N_("Every player adds their own pips left in hand after each round. Once someone reaches "
            "100, the match ends and the **lowest** total wins; equal lowest totals draw.")
        ),
    ),
)

CONTROLS_TABLE = Table(
    (N_("To"), N_("Mouse"), N_("Keyboard"), N_("Controller")),
    (
        (N_("Choose a tile"), N_("Click it"), N_("Left / Right"), N_("Left / right on the D-pad or the left stick")),
        (N_("Choose its place"), N_("Point at a lit place"), N_("Up / Down or Tab"), N_("Up / down on the D-pad or the left stick")),
        (N_("Lay it"), N_("Drag it onto a lit place, or click the place"), N_("Enter"), N_("A")),
        (N_("Turn a matador (which half touches; in line or across)"), N_("Right-click or the wheel while dragging"), N_("R"), N_("X")),
        (N_("Draw from the boneyard"), N_("Click the boneyard"), N_("D"), N_("Y")),
        (N_("Pass, or refuse to lead"), N_("The button under your hand"), N_("P"), N_("B")),
        (N_("A hint"), N_("Hint"), N_("H"), N_("Press the left stick")),
        (N_("Undo, redo (one person against computers)"), N_("Undo, Redo"), N_("Ctrl+Z, Ctrl+Y"), N_("Undo, Redo in the pause menu")),
        (N_("The round's moves"), N_("Moves; the wheel scrolls them"), N_("L; Page Up / Down"), N_("Back (View) shows them; LB / RB scroll")),
        (N_("The score sheet"), N_("Scores"), N_("S"), N_("LT or RT")),
        (N_("The pause menu"), N_("Menu"), N_("Esc"), N_("Start")),
        (N_("Menus"), N_("Click"), N_("Up / Down, Enter, Esc"), N_("D-pad, A, B")),
        (N_("Full screen"), "", N_("F11"), ""),
    ),
)

CONTROLS = Page(
    "controls",
    N_("Controls"),
    N_("Mouse, keyboard and controller"),
    (
        CONTROLS_TABLE,
        Heading(N_("Several people, several controllers")),
        Para(
            N_("On the **New game** screen the end of each person's seat shows what plays it. Press **A** "
            "on a seat to take it for your controller (a computer's seat becomes a person's); press A "
            "there again to give it back to the keyboard and mouse, which a click on it (or Left and "
            "Right) also chooses.")
        ),
        Para(
            N_("At the table only the input of the seat to move plays the turn; any input may open the "
            "pause menu, the moves or the score sheet. A controller that plays no seat works like the "
            "keyboard, so one player with a controller alone needs no setup. The **Pass to** cover "
            "between two people's turns waits for A on the next player's own controller.")
        ),
        Para(
            N_("If a seat's controller is unplugged, the game waits until it is plugged back in, or until "
            "the seat is given to another controller (press A on it) or to the keyboard and mouse.")
        ),
    ),
)

RULE_PAGES: dict[str, Page] = {page.id: page for page in (MATADOR, ALL_SEVENS, FAMILY, LEYDEN, SENST, WILD)}


def pages() -> tuple[Page, ...]:
    """The Rules screen's pages, in order (see the module's doc)."""
    found = []
    for rule_id in RULE_SETS:
        words = WORDS.get(rule_id)
        page = RULE_PAGES.get(words.page) if words is not None else None
        if words is not None and page is not None:
            found.append(page if page.id == rule_id else replace(page, id=rule_id, tab=words.title))
    return (BASICS, *found, CONTROLS)
