"""The vault as a state machine (hypothesis stateful testing) against a simple model."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from pipelines.errors import VaultFull
from pipelines.placeholders import canonical_placeholder, format_placeholder, parse_placeholder
from pipelines.relink import relink
from pipelines.vault import DEFAULT_NORMALIZERS, Vault, normalize_text

_LABELS = ("PERSON", "EMAIL", "PHONE", "API_KEY")
_VALUES = (
    "Alice",
    "ALICE",
    "alice ",
    "Bob",
    "a@x.org",
    "A@X.org",
    "+1 555 0100",
    "15550100",
    "sk-Ab",
    "sk-aB",
    "名前",
    "x\x00y",
    "---",
)
_MAX_INDEX = 6


@st.composite
def _mangled(draw: st.DrawFn, placeholder: str) -> str:
    """``placeholder`` as a model or a user may write it: any letter case, markdown
    escapes before any bracket or underscore (the forms the egress filter relinks)."""
    out = []
    for char in placeholder:
        if char in "[]_" and draw(st.booleans()):
            out.append("\\")
        out.append(char.lower() if char.isalpha() and draw(st.booleans()) else char)
    return "".join(out)


def _model_key(label: str, value: str) -> tuple[str, str]:
    key = DEFAULT_NORMALIZERS.get(label, normalize_text)(value)
    return label, key if key else "\x00" + value


class VaultMachine(RuleBasedStateMachine):
    """Issues and reservations in any order keep the vault consistent with the model."""

    def __init__(self) -> None:
        super().__init__()
        self.vault = Vault(max_index=_MAX_INDEX)
        self.model: dict[tuple[str, str], str] = {}
        self.first_value: dict[str, str] = {}
        self.reserved: set[str] = set()

    @rule(label=st.sampled_from(_LABELS), index=st.integers(1, _MAX_INDEX + 1))
    def reserve(self, label: str, index: int) -> None:
        """Reserve a placeholder literal (possibly one already issued)."""
        literal = format_placeholder(label, index)
        self.vault.reserve([f"text {literal} more"])
        if literal not in self.first_value:
            self.reserved.add(literal)

    @rule(label=st.sampled_from(_LABELS), index=st.integers(1, _MAX_INDEX + 1), data=st.data())
    def reserve_echo(self, label: str, index: int, data: st.DataObject) -> None:
        """Reserve a mangled placeholder literal: its canonical form is what is reserved."""
        literal = format_placeholder(label, index)
        self.vault.reserve([f"text {data.draw(_mangled(literal))} more"])
        if literal not in self.first_value:
            self.reserved.add(literal)

    @rule(label=st.sampled_from(_LABELS), value=st.sampled_from(_VALUES))
    def issue(self, label: str, value: str) -> None:
        """Issue a value; compare with the model's expectation."""
        key = _model_key(label, value)
        if key in self.model:
            assert self.vault.issue(label, value) == self.model[key]
            return
        used = {p for p in self.first_value if p.startswith(f"[{label}_")} | self.reserved
        free = [
            format_placeholder(label, n)
            for n in range(1, _MAX_INDEX + 1)
            if format_placeholder(label, n) not in used
        ]
        last_issued = max(
            (
                parse_placeholder(p)[1]  # type: ignore[index]
                for p in self.first_value
                if parse_placeholder(p)[0] == label  # type: ignore[index]
            ),
            default=0,
        )
        expected = [p for p in free if parse_placeholder(p)[1] > last_issued]  # type: ignore[index]
        if not expected:
            try:
                self.vault.issue(label, value)
            except VaultFull:
                return
            raise AssertionError("expected VaultFull")
        placeholder = self.vault.issue(label, value)
        assert placeholder == expected[0]
        self.model[key] = placeholder
        self.first_value[placeholder] = value

    @precondition(lambda self: bool(self.first_value))
    @rule(data=st.data())
    def relink_round_trip(self, data: st.DataObject) -> None:
        """Relinking a text of issued and reserved placeholders restores only issued ones."""
        issued = sorted(self.first_value)
        parts = data.draw(st.lists(st.sampled_from(issued + sorted(self.reserved) + ["[", "x"])))
        text = "".join(parts)
        expected = "".join(self.first_value.get(part, part) for part in parts)
        assert relink(text, self.vault) == expected

    @invariant()
    def consistent(self) -> None:
        """Views agree with the model; reserved literals are never issued."""
        assert dict(self.vault.relink_map) == self.first_value
        assert len(self.vault) == len(self.first_value)
        assert self.vault.reserved == frozenset(self.reserved)
        assert not self.reserved & set(self.first_value)
        for (label, _), placeholder in self.model.items():
            assert parse_placeholder(placeholder) is not None
            assert placeholder.startswith(f"[{label}_")
        for surface, placeholder in self.vault.surface_forms.items():
            assert placeholder in self.first_value
            assert (
                self.vault.placeholder_of(
                    parse_placeholder(placeholder)[0],  # type: ignore[index]
                    surface,
                )
                == placeholder
            )
        assert "Alice" not in repr(self.vault) and "@" not in repr(self.vault)


VaultMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestVaultMachine = VaultMachine.TestCase


@settings(max_examples=80, deadline=None)
@given(
    label=st.from_regex(r"[A-Z][A-Z0-9_]{0,12}", fullmatch=True),
    index=st.integers(1, 12),
    data=st.data(),
    before=st.text(max_size=20),
    after=st.text(max_size=20),
)
def test_a_mangled_placeholder_in_the_input_is_never_issued(
    label: str, index: int, data: st.DataObject, before: str, after: str
) -> None:
    """Any text holding any echo-mangled form of ``[LABEL_N]`` never gets it issued."""
    literal = format_placeholder(label, index)
    mangled = data.draw(_mangled(literal))
    assert canonical_placeholder(mangled) == literal
    vault = Vault(max_index=12)
    vault.reserve([before + mangled + after])
    assert literal in vault.reserved
    issued = []
    for n in range(12):
        try:
            issued.append(vault.issue(label, f"value {n}"))
        except VaultFull:
            break
    assert literal not in issued
    assert vault.lookup(literal) is None
