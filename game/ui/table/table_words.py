"""The words the table shows: the header, whose turn, how a round ended.

Every sentence naming a seat reads right for "You" too (``game.words.seat_words``).
"""

from __future__ import annotations

from typing import Callable

from game.engine import Action, Match, RoundState, Rules
from game.engine.seal import fingerprint
from game.engine.tiles import halves, tile_name
from game.i18n import N_, _, ngettext
from game.words.seat_words import hold_words, is_you, said_names, shown_name
from game.words.rule_sets import title as rule_set_title


def header_text(match: Match) -> str:
    played = len(match.completed_rounds) + (0 if match.rounds and match.rounds[-1].over else 1)
    return header_line(match.rules, played)


def deal_text(commitment: str | None) -> str:
    """The round's deal by its commitment's fingerprint (game.engine.seal), "deal
    3f9a c2d1", at the header's end: the deal was fixed before the first action,
    and the review checks it ("" without a commitment)."""
    if not commitment:
        return ""
    # TRANSLATORS: at the end of the line above the table: the first digits of the deal's commitment, "deal 3f9a c2d1".
    return _("deal {fingerprint}").format(fingerprint=fingerprint(commitment))


def header_line(rules: Rules, number: int) -> str:
    """The line above the table for round ``number`` (from 1) of a match of ``rules``."""
    title = rule_set_title(rules.base)
    if rules.target_score is None:
        goal = _("one round")
    elif rules.match_end == "first-to-target-loses":
        goal = _("the first to {target} loses").format(target=rules.target_score)
    elif rules.match_end == "lowest-when-target-reached":
        goal = _("lowest total when someone reaches {target}").format(target=rules.target_score)
    else:
        goal = _("first to {target}").format(target=rules.target_score)
    tiles = _("double-nine") if rules.top == 9 else _("double-six")
    # TRANSLATORS: the line above the table: "Matador  ·  round 2  ·  first to 100  ·  double-six, ends add up to 7".
    return _("{rule_set}  ·  round {round}  ·  {goal}  ·  {tiles}, ends add up to {target}").format(
        rule_set=title, round=max(1, number), goal=goal, tiles=tiles, target=rules.target
    )


def lead_text(state: RoundState, names: list[str]) -> str:
    """What the lead asks for, shown in the middle of the empty table."""
    if state.phase != "lead" or state.current_player is None:
        return ""
    return lead_words(state.lead_kind, state.lead_tile, names[state.current_player])


def lead_words(kind: str, tile: int | None, who: str) -> str:
    """The lead's words for the seat ``who`` to lead: ``kind`` of lead (a forced
    lead with ``tile`` None is a seat's forced tile not known here: nothing is said)."""
    you = is_you(who)
    if kind == "forced":
        if tile is None:
            return ""
        name = tile_name(tile)
        return (_("You lead with {tile}") if you else _("{name} leads with {tile}")).format(name=who, tile=name)
    if kind == "draw-for-double":
        if you:
            return _("Nobody holds a double: you draw for one")
        return _("Nobody holds a double: {name} draws for one").format(name=who)
    if kind == "refusable":
        if you:
            return _("You may lead a double (not 0-0), draw for one, or refuse")
        return _("{name} may lead a double (not 0-0), draw for one, or refuse").format(name=who)
    return _("You lead any tile") if you else _("{name} leads any tile").format(name=who)


def outcome_title(match: Match, state: RoundState) -> str:
    names = said_names(p.name for p in match.players)
    outcome = state.outcome
    if outcome is None:
        return ""
    if outcome.end == "redeal":
        return _("Nobody could lead: the tiles are dealt again")
    if outcome.end == "domino" and outcome.winner is not None:
        if is_you(names[outcome.winner]):
            return _("Domino! You laid the last tile")
        return _("Domino! {name} laid the last tile").format(name=names[outcome.winner])
    if outcome.winner is not None:
        if is_you(names[outcome.winner]):
            return _("Blocked: You hold the lowest count")
        return _("Blocked: {name} holds the lowest count").format(name=names[outcome.winner])
    return _("Blocked, and the lowest counts tie: nobody wins the round")


def turn_text(name: str, thinking: bool) -> str:
    """Whose turn it is, from the hand's label: "Bo is thinking…", "Ann's turn", "Your turn"."""
    if thinking:
        return _("You are thinking…") if is_you(name) else _("{name} is thinking…").format(name=name)
    return _("Your turn") if is_you(name) else _("{name}'s turn").format(name=name)


def wait_text(name: str) -> str:
    """Said to a player who acts out of turn."""
    return _("Wait: it is your turn") if is_you(name) else _("Wait: it is {name}'s turn").format(name=name)


def passed_text(name: str) -> str:
    return _("You pass") if is_you(name) else _("{name} passes").format(name=name)


def refused_text(name: str) -> str:
    return _("You refuse to lead") if is_you(name) else _("{name} refuses to lead").format(name=name)


def handoff_title(name: str) -> str:
    """The cover between turns of a couch game: "Pass to Ann"."""
    # TRANSLATORS: the cover between two people's turns on one screen: hand the device to NAME.
    return _("Pass to you") if is_you(name) else _("Pass to {name}").format(name=name)


def handoff_prompt(name: str, pad: str | None = None) -> str:
    """How the cover lifts: any key or click, or A on the seat's own controller ``pad``."""
    you = is_you(name)
    if pad is not None:
        if you:
            return _("Press A on {pad} when you are looking").format(pad=pad)
        return _("Press A on {pad} when {name} is looking").format(pad=pad, name=name)
    if you:
        return _("Click or press any key when you are looking")
    return _("Click or press any key when {name} is looking").format(name=name)


def played_with_text(name: str, label: str) -> str:
    """Said to an input that is not the one of the seat to move: "Bob's turn: Controller 2 plays it"."""
    if is_you(name):
        return _("Your turn: {input} plays it").format(input=label)
    return _("{name}'s turn: {input} plays it").format(name=name, input=label)


def pad_missing_title(label: str) -> str:
    # TRANSLATORS: a game controller was unplugged: "Controller 2 is unplugged".
    return _("{controller} is unplugged").format(controller=label)


def pad_missing_text(name: str, label: str) -> tuple[str, str]:
    """What the game waits for while a seat's controller is gone, and the ways on."""
    if is_you(name):
        waits = _("The game waits for your seat: plug {controller} back in.").format(controller=label)
    else:
        waits = _("The game waits for {name}'s seat: plug {controller} back in.").format(name=name, controller=label)
    return (
        waits,
        _("Or press A on another controller to play the seat with it, or play it with the keyboard and mouse:"),
    )


def your_turn_text(kinds: set[str], pad: bool) -> str:
    """What the person to move may do, by the kinds of their legal actions."""
    if "lay" in kinds:
        if pad:
            return _("your turn: the D-pad picks a tile and a place, A lays it (X turns a matador)")
        return _("your turn: drag a tile to a lit place (R turns a matador)")
    if "draw" in kinds:
        return _("your turn: no tile fits, Y draws from the boneyard") if pad else _("your turn: no tile fits, draw from the boneyard")
    if "pass" in kinds:
        return _("your turn: no tile fits, B passes") if pad else _("your turn: no tile fits, pass")
    return _("your turn")


def hand_line(name: str, total: int, status: str) -> str:
    """The line above the hand: the seat, its points, then whose turn it is."""
    # TRANSLATORS: the line above the hand: "Ann  ·  12 pts  ·  your turn: ...".
    words = ngettext("{name}  ·  {points} pt  ·  {status}", "{name}  ·  {points} pts  ·  {status}", total)
    return words.format(name=shown_name(name), points=total, status=status)


def tiles_text(count: int) -> str:
    return ngettext("{count} tile", "{count} tiles", count).format(count=count)


def reaction_text(kind: str) -> str:
    """A reaction at a network table, in words (its kind if not one of ours)."""
    words = {"nice": _("Nice!"), "oops": _("Oops"), "well-played": _("Well played")}
    return words.get(kind, kind)


def placement_words(action: Action, ways: int) -> str:
    """How a tile turned (R, the right button, a controller's X) will lie, in words:
    in line with the half left open, turned the other way, across the line, or
    joining one value of a crosswise end; ``ways``: how many ways it may lie there."""
    assert action.tile is not None
    tile = tile_name(action.tile)
    if ways <= 1:
        return _("{tile} lies only one way here").format(tile=tile)
    if action.across:
        # TRANSLATORS: a matador laid crosswise: its end shows both halves.
        return _("{tile} across: the next player on this arm picks a half").format(tile=tile)
    if action.joins is not None:
        return _("{tile} joins the crosswise end's {value}").format(tile=tile, value=action.joins)
    a, b = halves(action.tile)
    touch = action.touch if action.touch is not None else a
    other = b if touch == a else a
    if action.arm is None:
        return _("{tile} led with its {value} on the left").format(tile=tile, value=touch)
    # TRANSLATORS: a tile laid in line, the half touching the end and the half left open.
    return _("{tile} in line: its {touch} touches, the {open} stays open").format(tile=tile, touch=touch, open=other)


# The host's words at a network table: a person asking for a free seat, a player away
LET_IN = N_("Let in")
REFUSE = N_("Refuse")


def claim_words(claimant: str, seat: int, names: list[str]) -> str:
    """(The host) someone asks for a free seat, its player's name after its number."""
    whose = names[seat] if 0 <= seat < len(names) else ""
    # TRANSLATORS: the line above the host's hand at a network table; Let in and Refuse are the buttons on the felt.
    return _("{claimant} asks for seat {number} ({name}): Let in or Refuse").format(claimant=claimant, number=seat + 1, name=shown_name(whose))


def away_words(name: str, left: float) -> str:
    """(The host) the seat to move lost its connection: when its seat may go to a computer."""
    if left > 0:
        # TRANSLATORS: the line above the host's hand at a network table; the time counts down (like 4:05).
        return _("{name} lost connection: you may give the seat to a computer in {time}").format(name=shown_name(name), time=hold_words(left))
    return _("{name} lost connection: you may give the seat to a computer now").format(name=shown_name(name))


def header_words(text: str, deal: str, deal_first: bool, width: int, measure: Callable[[str], int]) -> str:
    """The header line in ``width``: ``text``'s facts, the last going first in a
    narrow window, then the deal's fingerprint (``deal``): when there is room,
    and before the round's first action (``deal_first``) always, the facts
    making room for it (all of them, in the narrowest window)."""
    fits = measure("  ·  ".join(t for t in (text, deal) if t)) <= width
    kept = deal if fits or deal_first else ""  # in play, in a narrow window, the fingerprint yields
    parts = text.split("  ·  ")
    room = width - (measure("  ·  " + kept) if kept and text else 0)
    words = text
    while len(parts) > 1 and measure(words) > room:
        parts.pop()  # a narrow window: the last facts go, the text stays readable
        words = "  ·  ".join(parts)
    if kept and words and measure(words) > room:  # the narrowest: the deal alone, whole, rather than both cut
        words = ""
    return "  ·  ".join(t for t in (words, kept) if t)


def watching_line(name: str, total: int, count: int, status: str) -> str:
    """The line above the hand of a table this screen watches (it holds no hand):
    the seat at the foot of the table, its points and tiles, whose turn it is."""
    # TRANSLATORS: the line above an empty hand at a table this screen only watches: "Watching  ·  Ann  ·  12 pts  ·  6 tiles  ·  Bo is thinking…".
    words = ngettext(
        "Watching  ·  {name}  ·  {points} pts  ·  {count} tile  ·  {status}", "Watching  ·  {name}  ·  {points} pts  ·  {count} tiles  ·  {status}", count
    )
    return words.format(name=shown_name(name), points=total, count=count, status=status)
