"""The general table of ``data/generals.tsv`` as skill-less :class:`GeneralSpec` s.

Compiled packages supply generals *with* skills; these plain records serve
benchmarks and rule tests (same name, hp, kingdom and gender, no skills).
"""

from __future__ import annotations

import csv
from importlib import resources

from .player import Gender, GeneralSpec, Kingdom

__all__ = ["load_generals", "PINYIN"]

PINYIN: dict[str, str] = {
    "曹操": "caocao", "司马懿": "simayi", "夏侯惇": "xiahoudun", "张辽": "zhangliao", "许褚": "xuchu",
    "郭嘉": "guojia", "甄姬": "zhenji", "刘备": "liubei", "关羽": "guanyu", "张飞": "zhangfei",
    "诸葛亮": "zhugeliang", "赵云": "zhaoyun", "马超": "machao", "黄月英": "huangyueying",
    "孙权": "sunquan", "甘宁": "ganning", "吕蒙": "lvmeng", "黄盖": "huanggai", "周瑜": "zhouyu",
    "大乔": "daqiao", "陆逊": "luxun", "孙尚香": "sunshangxiang", "华佗": "huatuo", "吕布": "lvbu",
    "貂蝉": "diaochan", "夏侯渊": "xiahouyuan", "曹仁": "caoren", "黄忠": "huangzhong", "魏延": "weiyan",
    "小乔": "xiaoqiao", "周泰": "zhoutai", "张角": "zhangjiao", "于吉": "yuji", "神关羽": "shenguanyu",
    "神吕蒙": "shenlvmeng",
}


def load_generals(package: str = "标准") -> list[GeneralSpec]:
    """Skill-less generals of one package (``标准`` or ``风``), in table order."""
    text = resources.files("sgs.runtime").joinpath("data", "generals.tsv").read_text(encoding="utf-8")
    out: list[GeneralSpec] = []
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        if row["package"] != package:
            continue
        hp = float(row["hp"])
        out.append(
            GeneralSpec(
                name=row["name"],
                pinyin=PINYIN.get(row["name"], row["name"]),
                kingdom=Kingdom(row["kingdom"]),
                max_hp=int(hp),
                gender=Gender(row["gender"]),
                skills=(),
                package=package,
            )
        )
    return out
