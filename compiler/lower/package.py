"""Lowering of the file: package header, generals, skill lines, card declarations.

:class:`Lowerer` is the whole lowering (every layer); :func:`lower_package` is its
entry point.  A skill line joins its sentences (and :class:`_Attach` parts) into one
:class:`~..ir.Skill`; a skill that fails is reported and left out, the rest of the
file still lowers.  Seam: the roots (:class:`~..ir.Package`, :class:`~..ir.General`,
:class:`~..ir.CardDecl`) and pinyin identifiers.
"""

from __future__ import annotations

import sys

from dataclasses import replace

from lark import Token, Tree

from .. import ir
from ..diagnostics import Diagnostic, Severity, Span
from ..pinyin import is_identifier, to_pinyin
from .base import LoweringError
from .sentences import _Attach, _Standalone, LowerSentences

__all__ = ["Lowerer", "lower_package"]

#: the largest printed hp a general may have (体力上限 of the strongest 神 generals is 8)
MAX_HP = 20


class Lowerer(LowerSentences):
    """The whole lowering of one file."""

    def skill(self, node: Tree[Token]) -> ir.Skill | None:
        name_tok = self.tok(node, "SKILL_NAME")
        assert name_tok is not None
        sp = self.span(node)
        name = str(name_tok.value)
        name_span = self.span(name_tok)
        if self.tok(node, "PINYIN") is None and name in self._card_pinyin:
            # a card's effect line named after the card: the card's GLOSSARY identifier
            pinyin: str | None = self._card_pinyin[name]
        else:
            pinyin = self.pinyin_of(name, self.tok(node, "PINYIN"), name_span)
        register_line = self.tok(node, "REGISTER_LINE")
        if register_line is not None:
            return self.register_skill(name, pinyin, register_line, sp, name_span)
        tags_t = self.tree(node, "tags")
        tags: list[ir.Tag] = []
        if tags_t is not None:
            tags = [ir.Tag(str(t.value)) for t in self.tokens(tags_t, "TAG")]
        abilities: list[ir.Ability] = []
        colon = self.tok(node, "COLON")
        assert colon is not None
        body_start = (colon.end_pos or 0)
        text = self.text[body_start : node.meta.end_pos].rstrip("\n")
        try:
            for st in self.trees(node):
                if st.data == "tags":
                    continue
                res = self.sentence(st, sp)
                if isinstance(res, ir.Limit):
                    if not abilities:
                        raise self.error("E0203", "次数限制前没有技能效果", res.span)
                    prev_limit = getattr(abilities[-1], "limit", None)
                    if prev_limit is not None:
                        # name both limits as written: the first may lead the sentence
                        # (出牌阶段限一次，…) or be a sentence of its own (…。每阶段限一次。)
                        sp0 = prev_limit.span
                        this = self.slice(st).rstrip("。；")
                        after = self.words_at(Span(sp0.file, sp0.line, sp0.end_col, sp0.line, sp0.end_col + 1))
                        where = "句首的" if after == "，" else "前面的"
                        # a lead limit's span is its 限N次; its scope (出牌阶段, 每回合 …) precedes it
                        first = self.words_at(Span(sp0.file, sp0.line, 1, sp0.line, sp0.end_col))
                        first = first.rstrip("。；，").split("：")[-1].split("，")[-1].split("。")[-1]
                        raise self.error(
                            "E0203", f"次数已由{where}“{first.rstrip('，。；')}”限制，这句“{this}”重复了", res.span,
                            help="删除其中一句" + ("，或把句首改为“出牌阶段，”" if where == "句首的" else ""),
                        )
                    abilities[-1] = replace(abilities[-1], limit=res)
                elif isinstance(res, tuple):
                    prev = abilities[-1] if abilities else None
                    if not isinstance(
                        prev, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility, ir.GrantedAbility, ir.DeclaredUse)
                    ):
                        raise self.error("E0210", "“然后……”句前没有可接续的技能效果", self.span(st))
                    abilities[-1] = replace(prev, effects=prev.effects + res, text=prev.text + self.slice(st))
                elif isinstance(res, _Attach):
                    prev = abilities[-1] if abilities else None
                    try:
                        if prev is None:
                            if res.rule is None:
                                raise self.error("E0210", "这句话接续上一句的效果，但前面没有可接续的句子", self.span(st))
                            raise _Standalone(ir.StaticAbility(res.rule, res.text, res.span))
                        abilities[-1] = res.apply(prev, self.slice(st))
                    except _Standalone as alone:
                        abilities.append(alone.ability)
                else:
                    abilities.append(res)
                abilities.extend(self._extra)
                self._extra.clear()
        except LoweringError as e:
            self.diags.append(e.diag)
            return None
        order = list(ir.Tag)
        return ir.Skill(name, pinyin or "", tuple(sorted(set(tags), key=order.index)), tuple(abilities), text, sp, name_span)

    def register_skill(self, name: str, pinyin: str | None, line: Token, sp: Span, name_span: Span) -> ir.Skill | None:
        """A skill line this grammar handed to the register grammar (parse.py's
        ``_parse_lines``): its one reading, bound to the typed IR (language/bind.py)."""
        from ..language.bind import bind_skill
        from ..language.front import read
        from ..language.ir import RegisterSkill

        body = str(line.value)
        got = read(name, body)
        if not isinstance(got, RegisterSkill):
            if got is None:  # the mark typed into a source: neither grammar reads it
                self.diags.append(Diagnostic("E0101", Severity.ERROR, "此处不应出现这段文字", self.span(line)))
            return None  # read two ways: parse.py reported E0108
        row, col = line.line or 1, line.column or 1

        def span_of(a: int, b: int) -> Span:
            return Span(self.file, row, col + a, row, col + b)

        tags, abilities = bind_skill(got, span_of, card_effect=self._card_effect)
        return ir.Skill(name, pinyin or "", tags, abilities, body, sp, name_span, register=True)

    def pinyin_of(self, name: str, tok: Token | None, sp: Span) -> str | None:
        if tok is not None:
            v = str(tok.value)[1:-1]
            if not is_identifier(v):
                self.diags.append(Diagnostic("E0401", Severity.ERROR, f"“{v}”不是合法的拼音标识符", self.span(tok)))
                return None
            return v
        p = to_pinyin(name)
        if p is None:
            self.diags.append(
                Diagnostic(
                    "E0401",
                    Severity.ERROR,
                    f"无法推断“{name}”的拼音标识符",
                    sp,
                    help=f"在名字后用括号写出拼音，如“{name}（pinyin）”",
                )
            )
        return p

    def general(self, node: Tree[Token]) -> ir.General | None:
        name_tok = self.tok(node, "NAME")
        kingdom = self.tok(node, "KINGDOM")
        hp = self.tok(node, "HP")
        gender = self.tok(node, "GENDER")
        assert name_tok is not None and kingdom is not None and hp is not None and gender is not None
        name = str(name_tok.value)
        line_span = Span(self.file, node.meta.line, node.meta.column, node.meta.line, gender.end_column or 1)
        pinyin = self.pinyin_of(name, self.tok(node, "PINYIN"), self.span(name_tok))
        hp_text = str(hp.value)[: -len("体力")]
        ok = True
        if not hp_text.isdigit() or not 1 <= int(hp_text) <= MAX_HP:
            # printed generals have 2–8; the bound keeps a typo from making endless games
            what = "不是正整数" if not hp_text.isdigit() or int(hp_text) <= 0 else f"超过了上限 {MAX_HP}"
            self.diags.append(
                Diagnostic(
                    "E0303", Severity.ERROR, f"体力值“{hp_text}”{what}", self.span(hp),
                    help=f"体力写作 1 到 {MAX_HP} 的整数加“体力”，如“4体力”“3体力”；国战的阴阳鱼（如“3.5体力”）尚不支持",
                )
            )
            ok = False
        skills = [self.skill(t) for t in self.trees(node, "skill")]
        if pinyin is None or not ok or any(s is None for s in skills):
            return None
        return ir.General(
            name, pinyin, str(kingdom.value), int(hp_text), str(gender.value),
            tuple(s for s in skills if s is not None), line_span,
        )

    def package(self, node: Tree[Token]) -> ir.Package | None:
        decl = self.tree(node, "package_decl")
        assert decl is not None
        name_tok = self.tok(decl, "NAME")
        assert name_tok is not None
        name = str(name_tok.value)
        pinyin = self.pinyin_of(name, self.tok(decl, "PINYIN"), self.span(name_tok))
        if pinyin is not None and (pinyin in sys.stdlib_module_names or pinyin == "sgs"):
            # the package's module is written as <pinyin>.py: sys.py or json.py would shadow
            # the standard library for anything run beside it
            self.diags.append(Diagnostic(
                "E0401", Severity.ERROR, f"扩展包的拼音“{pinyin}”与 Python 的模块同名（生成的 {pinyin}.py 会遮住它）",
                self.span(name_tok), help=f"换一个拼音，例如“{name}（{pinyin}_bao）”"))
            pinyin = None
        generals = [self.general(t) for t in self.trees(node, "general_decl")]
        cards = [self.card_decl(t) for t in self.trees(node, "card_decl")]
        if pinyin is None or any(g is None for g in generals) or any(c is None for c in cards):
            return None
        sp = Span(self.file, decl.meta.line, decl.meta.column, decl.meta.line, name_tok.end_column or 1)
        return ir.Package(
            name, pinyin, self.file, tuple(g for g in generals if g is not None), sp,
            cards=tuple(c for c in cards if c is not None),
        )

    def card_decl(self, node: Tree[Token]) -> ir.CardDecl | None:
        """装备 诸葛连弩 武器 攻击范围1 / 锦囊 无中生有 普通锦囊 / 基本 桃 and its effect lines."""
        from sgs.runtime.cards import CardName

        names: list[ir.CardWord] = []
        for t in self.tokens(node, "NAME", "BRACKETED"):
            raw = str(t.value)
            if t.type == "BRACKETED":
                names.append(ir.CardWord(raw[1:-1], self.span(t), bracketed=True))
            else:
                names.append(ir.CardWord(raw, self.span(t)))
        sub_t = self.tree(node, "equip_subtype")
        sub_tok = sub_t.children[0] if sub_t is not None else self.tok(node, "TRICK_SUBTYPE")
        # 基本 桃: no subtype written; the declaration ends at its last name
        subtype = str(sub_tok.value) if isinstance(sub_tok, Token) else ir.BASIC
        if sub_tok is None:
            sub_tok = self.tokens(node, "NAME", "BRACKETED")[-1]
        assert isinstance(sub_tok, Token)
        trick = sub_t is None  # a trick's or a basic card's lines: its effect on each target
        rng_t = self.tree(node, "weapon_range")
        rng: int | None = None
        if rng_t is not None:
            n_tok = self.tok(rng_t, "NUM")
            assert n_tok is not None
            rng = self.num(n_tok)
        keys: dict[str, str] = {}
        for cw in names:
            try:
                keys[cw.name] = CardName(cw.name).key
            except ValueError:
                pass  # the emitter reports the unknown card (E0302)
        self._card_pinyin = keys
        self._card_effect = trick
        try:
            skills = [self.skill(t) for t in self.trees(node, "skill")]
        finally:
            self._card_pinyin = {}
            self._card_effect = False
        if any(s is None for s in skills):
            return None
        last: Token | Tree[Token] = sub_tok if rng_t is None else rng_t
        end = self.span(last)
        sp = Span(self.file, node.meta.line, node.meta.column, end.end_line, end.end_col)
        return ir.CardDecl(tuple(names), subtype, rng, tuple(s for s in skills if s is not None), sp)


def lower_package(tree: Tree[Token], file: str, text: str) -> tuple[ir.Package | None, list[Diagnostic]]:
    """Lower a parsed file.  Returns (None, diagnostics) if any skill failed."""
    lw = Lowerer(file, text)
    pkg = lw.package(tree)
    return pkg, lw.diags
