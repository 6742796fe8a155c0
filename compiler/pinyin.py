"""Pinyin identifiers for names (skills, generals, packages).

Python identifiers in emitted code use pinyin without tones (``jianxiong``,
``caocao``; ü is written ``v``: ``lvbu``).  The table covers the characters of
the standard, 风 and 国战 generals' names and skills; a name with a character outside it
must carry its pinyin in the source (``奸雄（jianxiong）：``) — the checker says so
(E0401) instead of guessing.
"""

from __future__ import annotations

import keyword
import re

__all__ = ["PINYIN", "to_pinyin", "is_identifier"]

_RAW = """
不bu 乔qiao 于yu 云yun 亮liang 仁ren 佗tuo 侯hou 倾qing 克ke 关guan 准zhun 击ji 刘liu
刚gang 制zhi 包bao 华hua 双shuang 反fan 司si 吉ji 吕lv 周zhou 咆pao 哮xiao 嘉jia 囊nang
国guo 圣sheng 城cheng 备bei 夏xia 大da 天tian 奇qi 奸jian 妒du 姬ji 姻yin 姿zi 孙sun
宁ning 守shou 将jiang 小xiao 尚shang 屈qu 展zhan 己ji 布bu 延yan 弓gong 张zhang 德de
心xin 忠zhong 急ji 惇dun 惑huo 懿yi 才cai 扩kuo 护hu 据ju 援yuan 操cao 攻gong 救jiu
无wu 星xing 智zhi 曹cao 月yue 术shu 权quan 枭xiao 标biao 武wu 泰tai 洛luo 流liu 涉she
渊yuan 激ji 烈lie 版ban 狂kuang 猎lie 瑜yu 甄zhen 甘gan 盖gai 神shen 离li 空kong 突tu
红hong 结jie 羽yu 肉rou 胆dan 色se 苦ku 英ying 营ying 葛ge 蒙meng 蛊gu 蝉chan 衡heng
衣yi 袭xi 裸luo 褚chu 观guan 角jiao 计ji 许xu 诸zhu 谦qian 貂diao 赵zhao 超chao 辽liao
连lian 逊xun 速su 道dao 遗yi 郭guo 铁tie 闭bi 间jian 陆lu 雄xiong 集ji 雷lei 青qing
颜yan 风feng 飞fei 馈kui 香xiang 马ma 驾jia 骑qi 骨gu 鬼gui 魂hun 魏wei 黄huang 龙long
测ce 试shi
丁ding 丑chou 丕pi 丰feng 义yi 乐yue 乱luan 享xiang 人ren 八ba 兵bing 典dian 再zai 凤feng
刃ren 势shi 卧wo 变bian 史shi 名ming 命ming 固gu 坚jian 士shi 太tai 夫fu 奉feng 奋fen 好hao
孔kong 孟meng 完wan 巧qiao 巨ju 帷wei 幕mu 庞pang 度du 异yi 强qiang 彧yu 徐xu 悲bei 慈ci
慎shen 战zhan 放fang 政zheng 文wen 斧fu 断duan 施shi 昭zhao 晃huang 杀sha 果guo 槃pan 歌ge
死si 殇shang 氏shi 水shui 涅nie 淑shu 潘pan 火huo 灵ling 猛meng 环huan 田tian 盟meng 直zhi
看kan 短duan 破po 礼li 祝zhu 祸huo 禅shan 粮liang 纪ji 纮hong 绍shao 统tong 缔di 肃su 肠chang
腾teng 良liang 节jie 荀xun 获huo 蔡cai 虎hu 融rong 行xing 袁yuan 让rang 诩xu 谏jian 象xiang
贾jia 起qi 迅xun 进jin 逐zhu 邹zou 郃he 阵zhen 随sui 韦wei 首shou 驱qu 骁xiao 鲁lu
"""

PINYIN: dict[str, str] = {
    m.group(1): m.group(2) for m in re.finditer(r"(\S)([a-z]+)", _RAW)
}

_IDENT = re.compile(r"[a-z][a-z0-9_]*\Z")


def is_identifier(s: str) -> bool:
    """A valid emitted identifier: lowercase ASCII, digits, underscores, not a keyword."""
    return bool(_IDENT.match(s)) and not keyword.iskeyword(s) and not keyword.issoftkeyword(s)


def to_pinyin(name: str) -> str | None:
    """The pinyin identifier of ``name``, or None if a character is not in the table."""
    parts = []
    for ch in name:
        p = PINYIN.get(ch)
        if p is None:
            return None
        parts.append(p)
    out = "".join(parts)
    return out if is_identifier(out) else None
