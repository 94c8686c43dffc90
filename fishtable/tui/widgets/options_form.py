"""A setup form generated from a game's pydantic options model.

One widget per field, chosen by the field's type: a bool is a tick box, a
Literal or an Enum a drop-down, an int (bounded by the model) a number input,
a tuple of choices a selection list. Each field shows its title, its
description and, after a failed start, the model's own message beside it.
The model validates; the form only collects. Fields marked
`json_schema_extra={"form": False}` (data the game fills itself) and the
common `card_file` field are left out; an int field marked `{"form": "seat"}`
(a seat number, 1 for the first) is a drop-down of the players seated now.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.select import InvalidSelectValueError

from fishtable.engine.files import plain_words

COMMON_FIELDS = frozenset({"card_file"})
# Choices that depend on the card data: (field name, card file) -> ((label, value)s, problem).
ChoiceSource = Callable[[str, str | None], "tuple[list[tuple[str, str]], str | None] | None"]


class TickBox(Checkbox):
    """A checkbox whose state shows as a symbol (✓), not only as a colour."""

    def __init__(self, label: Text, value: bool = False, *, id: str | None = None) -> None:
        super().__init__(label, value, id=id)
        self.BUTTON_INNER = "✓" if self.value else " "

    def watch_value(self) -> None:  # called once the value has changed
        self.BUTTON_INNER = "✓" if self.value else " "
        self.refresh()


class TickList(SelectionList[int]):
    """A selection list whose ticks show as a symbol (✓), not only as a colour. Its values are the
    options' indexes (`OptionsForm.list_values` holds what each stands for)."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:
            return strip
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        segments[1] = Segment("✓" if option.value in self.selected else " ", segments[1].style)
        return Strip(segments, strip.cell_length)


def _strip_optional(annotation: object) -> tuple[object, bool]:
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(get_args(annotation)) == 2:
            return args[0], True
    return annotation, False


def _choices_of(annotation: object) -> list[object] | None:
    """The values a Literal or Enum allows, or None."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [member.value for member in annotation]
    return None


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
        if getattr(meta, "gt", None) is not None:
            low = meta.gt + 1
        if getattr(meta, "lt", None) is not None:
            high = meta.lt - 1
    return low, high


def _word(value: object) -> str:
    return str(value).replace("_", " ").capitalize() if isinstance(value, str) else str(value)


def _is_seat(info: FieldInfo) -> bool:
    extra = info.json_schema_extra
    return isinstance(extra, dict) and extra.get("form") == "seat"


SEAT_BLANK = "At random"


def form_fields(model: type[BaseModel]) -> list[tuple[str, FieldInfo]]:
    """The fields the form shows, in the model's order."""
    out = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra
        if name in COMMON_FIELDS or (isinstance(extra, dict) and extra.get("form") is False):
            continue
        out.append((name, info))
    return out


class OptionsForm(Vertical):
    """The options of one game; `values()` gives what to validate, `show_errors()` the messages."""

    DEFAULT_CSS = """
    OptionsForm { height: auto; }
    OptionsForm .option-title { margin-top: 1; }
    OptionsForm TickBox { margin-top: 1; }
    OptionsForm .option-hint { color: $text-muted; }
    OptionsForm .option-error { color: $error; text-style: bold; height: auto; }
    OptionsForm .option-error.-empty { display: none; }
    OptionsForm Input { width: 30; }
    OptionsForm Select { width: 40; }
    OptionsForm SelectionList { height: auto; max-height: 12; width: 76; }
    """

    def __init__(self, model: type[BaseModel], choices: ChoiceSource, card_file: str | None = None, *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.choice_source = choices
        self.card_file = card_file
        self.fields = form_fields(model)
        self.card_problem: str | None = None
        # For selection lists: the value behind each option index (values may repeat).
        self.list_values: dict[str, list[object]] = {}

    @staticmethod
    def widget_id(name: str) -> str:
        return name.replace("_", "-")

    def compose(self) -> ComposeResult:
        for name, info in self.fields:
            title = info.title or _word(name)
            annotation, _ = _strip_optional(info.annotation)
            if annotation is not bool:  # a tick box carries its title itself
                line = Text(title, "bold")
                if info.description:
                    line.append(" — " + info.description)
                yield Static(line, classes="option-title")
            yield self._widget(name, info)
            if annotation is bool and info.description:
                yield Static(Text(info.description), classes="option-hint")
            yield Static(classes="option-error -empty", id=f"{self.widget_id(name)}-error")

    def _widget(self, name: str, info: FieldInfo) -> Widget:
        wid = self.widget_id(name)
        annotation, optional = _strip_optional(info.annotation)
        default = None if info.is_required() else info.get_default(call_default_factory=True)
        if _is_seat(info):
            return Select([], prompt=SEAT_BLANK, allow_blank=True, id=wid, classes="seat-choice")
        if annotation is bool:
            return TickBox(Text(info.title or _word(name)), bool(default), id=wid)
        allowed = _choices_of(annotation)
        if allowed is not None:
            options = [(_word(v), v) for v in allowed]
            return Select(options, value=default if default in allowed else allowed[0],
                          allow_blank=optional, id=wid)
        origin = get_origin(annotation)
        if origin in (tuple, list, set, frozenset):
            return TickList(id=wid)
        if annotation is int:
            low, high = _bounds(info)
            placeholder = f"{low}–{high}" if low is not None and high is not None else "a whole number"
            if optional:
                placeholder += ", or empty for none"
            return Input("" if default is None else str(default), placeholder=placeholder,
                         restrict=r"-?[0-9]*", max_length=12, id=wid)
        return Input("" if default is None else str(default), id=wid)

    def on_mount(self) -> None:
        self.load_choices(self.card_file)

    def load_choices(self, card_file: str | None) -> str | None:
        """Fill the selection lists whose choices come from the card data; return a problem."""
        self.card_file = card_file
        self.card_problem = None
        for name, info in self.fields:
            annotation, _ = _strip_optional(info.annotation)
            if get_origin(annotation) not in (tuple, list, set, frozenset):
                continue
            args = [a for a in get_args(annotation) if a is not Ellipsis]
            pairs: Sequence[tuple[str, object]]  # (label, value)
            found = self.choice_source(name, card_file)
            if found is not None:
                pairs, problem = found
                self.card_problem = self.card_problem or problem
            else:
                pairs = [(_word(v), v) for v in (_choices_of(args[0]) or [])] if args else []
            chooser = self.query_one(f"#{self.widget_id(name)}", SelectionList)
            if name in self.list_values:  # reloaded: keep what was ticked, where it still is
                old = self.list_values[name]
                kept = {(old[i], i) for i in chooser.selected if i < len(old)}
            else:  # first shown: the model's default is ticked
                default = info.get_default(call_default_factory=True) or ()
                kept = {(value, i) for i, (_, value) in enumerate(pairs) if value in default}
            self.list_values[name] = [value for _, value in pairs]
            chooser.clear_options()
            chooser.add_options([
                (Text(label), i, (value, i) in kept) for i, (label, value) in enumerate(pairs)
            ])
            if chooser.option_count:
                chooser.highlighted = 0  # so the first Space picks something
        return self.card_problem

    def restore(self, values: Mapping[str, bool | int | str]) -> None:
        """Put remembered plain values (a tick, a number, a choice) back into their fields,
        if the model still accepts them all; else leave the defaults."""
        plain = {name: values[name] for name, _ in self.fields if name in values}
        try:
            self.model.model_validate(plain)
        except ValidationError:
            return
        for name, value in plain.items():
            widget = self.query_one(f"#{self.widget_id(name)}")
            if isinstance(widget, Checkbox) and isinstance(value, bool):
                widget.value = value
            elif isinstance(widget, Select) and not isinstance(widget, SelectionList):
                with suppress(InvalidSelectValueError):
                    widget.value = value
            elif isinstance(widget, Input):
                widget.value = str(value)

    def plain_values(self, options: BaseModel) -> dict[str, bool | int | str]:
        """The validated options worth remembering: the fields of this form with a plain value."""
        dumped = options.model_dump(mode="json", include={name for name, _ in self.fields})
        return {k: v for k, v in dumped.items() if isinstance(v, bool | int | str)}

    def set_seats(self, names: list[str]) -> None:
        """Offer the seated players in every seat field, keeping a choice that is still seated."""
        for name, info in self.fields:
            if not _is_seat(info):
                continue
            chooser = self.query_one(f"#{self.widget_id(name)}", Select)
            kept = chooser.value
            chooser.set_options([(f"Seat {n}: {player}", n) for n, player in enumerate(names, start=1)])
            if isinstance(kept, int) and kept <= len(names):
                chooser.value = kept

    def values(self) -> dict[str, object]:
        """What the form holds, as raw values for the model to validate."""
        out: dict[str, object] = {}
        for name, info in self.fields:
            widget = self.query_one(f"#{self.widget_id(name)}")
            annotation, optional = _strip_optional(info.annotation)
            if isinstance(widget, Checkbox):
                out[name] = widget.value
            elif isinstance(widget, Select):
                out[name] = None if widget.is_blank() else widget.value
            elif isinstance(widget, SelectionList):
                values = self.list_values.get(name, [])
                out[name] = tuple(values[i] for i in sorted(widget.selected) if i < len(values))
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if annotation is int:
                    if text in ("", "-"):
                        out[name] = None if optional else text
                    else:
                        out[name] = int(text) if len(text.lstrip("-")) <= 12 else text
                else:
                    out[name] = text if text or not optional else None
        return out

    def show_errors(self, error: ValidationError | None) -> None:
        """The model's messages beside the fields they are about (none: clear them)."""
        messages: dict[str, str] = {}
        if error is not None:
            for item in error.errors():
                loc = item.get("loc") or ("",)
                field = str(loc[0])
                messages.setdefault(field, plain_words(item))
        for name, _ in self.fields:
            box = self.query_one(f"#{self.widget_id(name)}-error", Static)
            message = messages.get(name)
            box.set_class(message is None, "-empty")
            box.update(Text("✗ " + message) if message else "")

    def first_error_field(self, error: ValidationError) -> str | None:
        names = {name for name, _ in self.fields}
        for item in error.errors():
            loc = item.get("loc") or ("",)
            if str(loc[0]) in names:
                return str(loc[0])
        return None


def describe_error(model: type[BaseModel], error: ValidationError) -> str:
    """One line for a refused set of options, naming the field by its title."""
    item = error.errors()[0]
    loc = item.get("loc") or ()
    field = model.model_fields.get(str(loc[0])) if loc else None
    title = (field.title if field is not None and field.title else str(loc[0]) if loc else "options")
    return f"{title} {plain_words(item)}"

