"""Word lists and patterns of the classifier, all applied to *normalized* titles (see normalize.py:
uppercase, one space between tokens, no punctuation, glued tokens split, memory written `12GB`).

Nothing here names a catalog model: model signatures come from the catalog (signatures.py). What is
here is the language of listings: brand and series words, variant suffixes, exclusion vocabularies,
and a few special spellings (TITAN, Gigabyte and EVGA part-number schemes).

Patterns are Rust-regex syntax (Polars): no look-around, so guards are written as separate passes.
"""

EXCLUDE_REASONS = (
    "bundle",
    "for_parts",
    "box_only",
    "photo_only",
    "sample",
    "pre_order",
    "modified",
    "accessory",
    "system",
    "lot",
    "variation",
    "low_feedback",
    "unclear",
)
"""Every exclusion reason, in precedence order: when several apply the first one wins."""

VARIATION_GROUP_TYPE = "SELLER_DEFINED_VARIATIONS"
FOR_PARTS_CONDITION_ID = 7000

# --- words around a model number -------------------------------------------------------------------------

BRAND_WORDS = ("NVIDIA", "AMD", "INTEL")
"""Makers' names: may precede a model mention, never tell two models apart."""

SERIES_WORDS = (
    "RTX PRO",
    "RADEON PRO",
    "RTX",
    "GTX",
    "GT",
    "RX",
    "QUADRO",
    "TESLA",
    "ARC",
    "INSTINCT",
    "GEFORCE",
    "RADEON",
    "FIREPRO",
)
"""Product-line words. A number that follows one is a GPU model even when the catalog does not know it
("GTX 1650", "Quadro P4000"), which is how a listing naming a non-catalog model becomes unclear."""

SOFT_SERIES = frozenset({"RTX", "GTX", "RX", "ARC"})
"""Series words a model signature may require; the requirement is waived when the title names no series
at all ("Radeon 6800 XT"), but not when it names another one ("Quadro 4000" is not "Quadro RTX 4000")."""

TITLE_SERIES = frozenset({"RTX", "GTX", "GT", "RX", "QUADRO", "ARC"})

VARIANT_SUFFIXES = ("TI", "SUPER", "XTX", "XT", "GRE", "D", "S", "FHHL")
"""Tokens glued to a model number that make another model: 4070 / 4070 TI / 4070 SUPER / 4070 TI SUPER,
7900 XT / XTX / GRE, 4090 D, L40 S. A single `S` after a four-digit GeForce number means SUPER. FHHL (full
height, half length) names the Tesla V100 FHHL, a 150 W single-slot card of its own beside the 250 W PCIe card
(NVIDIA's GTC 2018 announcement, as reported by wccftech.com, "NVIDIA Volta Tesla V100 Cards Detailed - 150W
Single-Slot & 300W Dual-Slot"); the catalog has no half-length card, so a title naming one is unclear
(transforms/matching/normalize.py moves a V100's FHHL next to it)."""

TITAN_SUFFIXES = ("XP", "X", "V", "RTX", "Z", "BLACK")
"""TITAN models carry no number: the word after TITAN names them (TITAN X, TITAN XP, TITAN V, TITAN RTX)."""

STOP_QUALIFIERS = frozenset(
    {
        "NVIDIA",
        "AMD",
        "INTEL",
        "GEFORCE",
        "RADEON",
        "TESLA",
        "GPU",
        "CARD",
        "GRAPHICS",
        "TENSOR",
        "CORE",
        "GENERATION",
        "EDITION",
        "WORKSTATION",
        "LHR",
        "ACCELERATOR",
        "VIDEO",
        "THE",
        "AND",
        "WITH",
        "OC",
    }
)
"""Catalog name/alias words that never tell two catalog models apart (generic or marketing words)."""

EDITION_WORDS = {"rtx-pro-6000-blackwell": "WORKSTATION"}
"""Models whose bare name several editions share: the title must name this one's edition. "RTX PRO 6000
Blackwell 96GB" fits the Workstation, Max-Q Workstation and Server Editions alike (every labeller of the
project's sets read it as unclear); the Max-Q and Server editions already need their own words (MAX Q,
SERVER). WORKSTATION stays a stop word of catalog phrases ("Quadro RTX 6000 workstation GPU" must not rule
the Quadro out), so it is read from titles for this rule only."""

MEMORY_NAMES_SERIES = frozenset({"QUADRO", "ADA"})
"""Required words a seller may drop when the stated memory alone names the model: "RTX 6000 24GB" is the
Quadro RTX 6000 (the RTX 6000 Ada has 48GB, the RTX PRO 6000 96GB). Without a memory figure the words stay
required: a bare "RTX 6000" is unclear."""

FORM_TOKENS = frozenset({"PCIE", "SXM", "SXM2", "SXM3", "SXM4", "SXM5", "OAM"})

MEMORY_CONTEXT_WORDS = ("DDR4", "DDR5", "SSD", "NVME", "HDD", "EMMC", "STORAGE", "SYSTEM")
"""A memory figure followed by one of these is the machine's, not the card's. (`12GB RAM` and `1GB DDR3`
are how sellers write a card's own memory, so RAM and DDR3 are not in the list.)"""
DDR5_CARD_GB = frozenset({1, 2, 3, 4, 6, 11})
"""Sizes that, followed by DDR5, are a GDDR5 card's memory written short (`EVGA GeForce GTX 1060 6GB DDR5`, seen in
2023 sold listings), not a machine's. ASSUMPTION (the project's, no source): no machine is sold with less than 8 GB
of DDR5, nor with 11 GB, so these sizes next to DDR5 are the card's; 8 GB and more stay the machine's."""

MAX_CARD_MEMORY_GB = 256

# --- normalization special cases ----------------------------------------------------------------------------

GLUED_SERIES = r"RTX|GTX|GT|RX|QUADRO|TESLA|ARC|RADEON|GEFORCE|INSTINCT|IGAME"  # Colorful's `iGame1050Ti`
COOLER_NAMES = r"VENTUS|MECH|WINDFORCE|TWIN|DUAL|TRIPLE|ARMOR|EAGLE|GAMING|TRIO|SHADOW|INNO3D|ICHILL"
"""Cooler lines whose `2X` / `3X` counts fans, not cards ("Ventus 2X")."""

NUMBER_WORDS = {
    "TWO": 2,
    "THREE": 3,
    "FOUR": 4,
    "FIVE": 5,
    "SIX": 6,
    "SEVEN": 7,
    "EIGHT": 8,
    "NINE": 9,
    "TEN": 10,
    "TWELVE": 12,
    "PAIR": 2,
}

# --- exclusion vocabularies (on normalized text) ---------------------------------------------------------

FOR_PARTS = (
    r"\b(?:FOR PARTS|PARTS ONLY|PARTS|PARTS REPAIR|FOR REPAIR|NEEDS? REPAIR|NOT WORKING|DOES NOT WORK|DOESN T WORK|"
    r"DOESNT WORK|NOT WORK|AS IS|NO DISPLAY|NO VIDEO|NO SIGNAL|NO OUTPUT|NO POST|NO POWER|WON T POST|WONT POST|"
    r"DEAD|BROKEN|CRACKED|DAMAGED|FAULTY|DEFECTIVE|BAD MEMORY|BAD VRAM|ART[IE]FACTS?|ART[IE]FACTING|NOT DETECTED|"
    r"NOT RECOGNI[SZ]ED|FAILS?|FAILED|FAILING|BURNT|BURNED|WATER DAMAGE|NOT FULLY WORKING|NOTFULLY|UNTESTED|NOT BEEN TESTED|"
    r"NOT TESTED|SALVAGE|NON ?FUNCTIONAL|NOT FUNCTIONAL|NON ?FUNCTIONING|NOT FUNCTIONING|OVERHEAT(?:S|ED|ING)?|"
    r"(?:GPU|CHIP|CORE|DIE) AND (?:MEMORY|VRAM) MISSING|(?:CHIP|DIE|CORE) (?:IS )?MISSING|"
    # Windows' Code 43 (the driver stopped the device: a failing card); a stated issue (`with issues`, `[ISSUE]` last)
    r"(?:ERROR|CODE) 43|(?:HAS|HAVE|WITH|W) (?:AN |SOME |MINOR )?ISSUES?|ISSUES?$|"
    r"MISSING (?:THE )?(?:GPU )?(?:CHIP|DIE|CORE)|"
    # German (eBay.de): defective, for tinkerers, as a spare part, without function, no picture, does not work
    r"DEFEKT(?:E|ER|ES)?|BASTLER(?:WARE)?|(?:ALS )?ERSATZTEILE?|OHNE FUNKTION|KEIN BILD|FUNKTIONIERT NICHT|"
    r"NICHT FUNKTIONSFAEHIG|ARTEFAKTE|FUER TEILE|NICHT GETESTET|UNGETESTET)\b"
)
"""A card that does not work or is sold without promise (artifacts, or artefacts as British sellers write), or
without its chip (`non-functional`, `GPU and memory missing`: read in real sold listings, 2026-11-26), or that
overheats (`never overheated` is guarded), or that shows Windows' `Code 43` or a stated issue (`with issues`, a title
ending `[ISSUE]`; `no issue` is guarded). `NOT FOR PARTS` is removed before this is applied (normalize.py), so
it cannot trip."""

FOR_PARTS_GUARD = (
    r"\b(?:DAMAGED|DAMAGE|DENTED|CRUSHED|TORN|BROKEN|OPENED) (?:RETAIL |ORIGINAL |OUTER )?(?:BOX|PACKAGING|SEAL)\b"
    r"|\b(?:BOX|PACKAGING|SEAL) (?:IS |HAS |WITH )?(?:SLIGHTLY |MINOR )?(?:DAMAGED|DAMAGE|DENTED|CRUSHED|TORN|BROKEN)\b"
    r"|\b(?:NO|ZERO|WITHOUT|NEVER|NOT|DOESN T|DOESNT|DOES NOT)(?: HAD| HAVE| HAS)? (?:ANY |AN |A |A SINGLE )?"
    r"(?:ART[IE]FACTS?|ART[IE]FACTING|ISSUES?|PROBLEMS?|DAMAGE|"
    r"CRACKS?|DEFECTS?|FAILURES?|OVERHEAT(?:S|ED|ING)?)\b"
    r"|\bNO (?:POWER (?:CABLE|CORD|ADAPTER|SUPPLY|CONNECTOR|SPLITTER)S?|DISPLAY ?PORTS?)\b"
    # a maker's spare part, new (`Hewlett Packard Enterprise Replacement Parts Business ... Tesla T4`)
    r"|\b(?:ENTERPRISE|OEM|GENUINE|ORIGINAL|NEW|HPE?|DELL|LENOVO) REPLACEMENT PARTS?\b"
    r"|\b(?:NICHT|KEIN|KEINE|OHNE) (?:DEFEKT(?:E|ER|ES)?|ARTEFAKTE|FEHLER)\b"
)
"""`damaged box`, `no artifacts`, `no power cable`: said of packaging, accessories or to reassure; an OEM's
`replacement parts` (a new spare, not `for replacement parts`). Blanked before FOR_PARTS is applied."""

BOX_ONLY = (
    r"\b(?:BOX ONLY|EMPTY (?:RETAIL |ORIGINAL )?BOX|BOX PACKAGING ONLY|PACKAGING ONLY|BOX NO (?:CARD|GPU|GRAPHICS)|"
    r"BOX (?:[A-Z0-9]+ ){0,2}NO (?:CARD|GPU|GRAPHICS CARD)|RETAIL BOX (?:[A-Z0-9]+ ){0,3}NO (?:CARD|GPU)|"
    r"BOX (?:[A-Z0-9]+ )?CARD SOLD SEPARATELY|NO (?:CARD|GPU) (?:[A-Z0-9]+ ){0,2}BOX ONLY|COLLECTORS? BOX|"
    # the box with its papers (`BOX + MANUAL ONLY`): the accessory words' guard reads `plus manual` as what a card comes with
    r"BOX (?:AND |PLUS )?(?:MANUALS?|PAPERWORK|DOCUMENTATION|INSERTS?|FOAM|ACCESSORIES) ONLY|"
    # German: an empty box, only the packaging, no graphics card
    r"LEERKARTON|LEERE (?:OVP|VERPACKUNG|BOX|KARTON)|NUR (?:DIE |DER )?(?:VERPACKUNG|KARTON)|NUR (?:DIE )?OVP(?: OHNE| KEINE|$)|"
    r"OHNE (?:GRAFIKKARTE|KARTE)|KEINE (?:GRAFIKKARTE|KARTE))\b"
)

PHOTO_ONLY = (
    r"\b(?:(?:PHOTO|PHOTOGRAPH|PICTURE|PIC|IMAGE) (?:ONLY|OF)|PRINT ?OUT|POSTER|DO NOT BID|NOT A REAL (?:CARD|GPU)|"
    r"PAPER (?:EDITION|PRINT|COPY|VERSION)|PRINTER PAPER|PRINTED (?:IMAGE|PICTURE|PHOTO|COPY)|IMAGE FILE|"
    r"DIGITAL (?:IMAGE|PHOTO|PICTURE|COPY)|JPE?G|PNG|P N G|PHOTO DISPLAY|"
    # `Picture. (read Desc)`, `PICTURE- DISCLAIMER READ DESCRIPTION`, `Print (READ DESCRIPTION)`, `Paper (Read Description)`
    r"(?:PHOTO|PICTURE|IMAGE|PIC|PRINT|PRINTED|PAPER) (?:DISCLAIMER )?(?:READ|SEE) (?:THE )?(?:DESCRIPTION|DESC|DISCRIPTION)|"
    r"PRINTED PICS?|PRINTABLE ?PICTURES?|PICTUREONLY|PHOTOONLY|IMAGEONLY|PRINT (?:IMAGE|PHOTO|PICTURE)|"
    r"(?:FE|EDITION|CARD) (?:IMAGE|PICTURE|PHOTO|PRINT) IN HAND|\d{1,2} ?IN X \d{1,2} ?IN (?:PHOTO|PICTURE|PRINT)S?|"
    r"PAPER CARD|DO NOT BUY|FOR (?:ROBOTS|BOTS)|BOTS ONLY|IMG FILE|HD (?:IMAGE|PHOTO|PICTURE)S?|(?:PRINTED |PRINT )?ON PAPER|"
    r"3 ?D MODEL|STL FILE|"  # a file to render or print, not the card (`3D` is `3 D` by now: normalize.py)
    r"\d{1,2}X\d{1,2} (?:PHOTO|PICTURE|PRINT|POSTER)S?)\b"
    r"|(?:CARD|GPU|FE|EDITION|\d{4,}|[A-Z]+\d+|\d{1,2}GB) (?:IMAGE|IMG|PHOTO|PRINT|PICTURES?|PIC)$|\d(?:JPE?G|PNG)\b"
)
"""A photo, picture or printout of a card (`photo only, do not bid`, `Paper Edition`, `Founders Edition FE Jpeg`,
`printed pic`, `P.N.G only`, `Paper Card`, `do not buy`, `(picture) for robots`, a title ending in `... Graphics
Card Image`, `... Card Img`, `XC3 pictures`, `RTX 3080 (photo)` or `Founders Edition - Picture`, a file name
`...0000jpeg`, `IMG FILE`, `HD Image`, `print on paper`, `8x10" Photos (Read description)`, `4in x 6in Picture`,
`(PictureOnly)`, `Picture. (read Desc)`, `Founders Edition Image In Hand`, `... 8GB picture`: the 2020 scalpers'
bait read in real sold listings; `as pictured` is no such word): no card is sold (issue 37)."""

BUNDLE_TITLE = (
    r"\b\d{3,4} ?W(?:ATT)? (?:[A-Z0-9]+ ){0,3}(?:PSU|POWER SUPPLY)\b|\bPLUS (?:[A-Z0-9]+ ){0,3}(?:PSU|POWER SUPPLY)\b|"
    r"\b(?:PSU|POWER SUPPLY) (?:[A-Z0-9]+ ){0,3}\d{3,4} ?W(?:ATT)?\b|"
    r"\bAND (?:AN? )?(?:PSU|POWER SUPPLY)\b|"
    r"\bPLUS (?:[A-Z0-9]+ ){0,5}[A-Z]{0,3}(?:[4-9]\d\d|1\d\d\d|2[0-4]\d\d) ?W(?:ATT)?\b|"
    r"\b(?:MOBO|MOTHERBOARD|CPU|PROCESSOR|RAM|MONITOR|CONFERENCE|WEBCAM|SPEAKERS?|KEYBOARD|MOUSE|AM[45]) BUNDLE\b|"
    r"\b(?:WITH|W|PLUS|AND|INCLUDES?|INCLUDING) (?:AN? )?(?:[A-Z0-9]+ ){0,3}(?:MOUSE|KEYBOARD|MONITOR|HEADSET|"
    r"(?:FULL|MID) TOWER)\b"
)
"""A card sold with other hardware, said in the title: a power supply (`ASUS TUF RTX 3090 With GIGABYTE 850W PSU`, `+
750 watt power supply`, `...10GD)+PSU`, `+ Water Block & PSU`), a mouse, keyboard, monitor or headset (`+ EVGA X17
MOUSE`) or a tower case (`3060 ti founders edition + Full Tower`), read in 2020 and 2021 sold listings: the price is
for both, as a store's combo read from the page; a power supply by its wattage needs no `with` (`MASTER 10GB GDDR6X &
850W PSU`), nor does a power supply named before its wattage (`RTX 2070 GAMING Z8G+ PSU Whisper 750w`), nor a maker
and model with a wattage up to five words after a `+` (`RTX 3080 FTW3 + EVGA 850W G3`, `+ Cooler Master V850 SFX Gold
850W`, `+ be quiet! Dark Power 13 1000W`, and the Taiwanese shops' combos `GTX1660 SUPER OC 6G + 技嘉GP-PB500W 銅牌`, `+
矽谷Antec NX550(550W)`: the fifteenth real-title set and the sixth review; a `+` glued to a name, `Nitro+`, is no `+` at
all (normalize); the wattage is a power supply's, 400 W to 2,400 W, and not a cable's or the card's own board
power (`+ 600W cable`, `450W TDP`: BUNDLE_GUARD). A motherboard, CPU, monitor or conference kit
named before `Bundle` (`Mobo Bundle!`, `Video Conference Bundle (Speaker Mic Monitor Webcam)`: the sixteenth set) is
other hardware too; a game before `Bundle` (`Starfield Bundle`) is not. A motherboard named by its chipset makes a
system (SYSTEM). A wattage a card needs (`needs 850W PSU`, `750W PSU recommended`: BUNDLE_GUARD) is no such word; a game
code or a T-shirt that came with the card is not either (the price is the card's)."""

BUNDLE_GUARD = (
    r"\b(?:NEEDS?|REQUIRES?|REQUIRED|RECOMMENDED|RECOMMENDS?|MIN|MINIMUM|AT LEAST|USE|SUGGESTED)(?: A| AN)? "
    r"(?:(?:PSU|POWER SUPPLY) (?:OF )?)?\d{3,4} ?W(?:ATT)?\b|"
    r"\b\d{3,4} ?W(?:ATT)? (?:[A-Z0-9]+ ){0,2}(?:PSU|POWER SUPPLY) (?:RECOMMENDED|REQUIRED|"
    r"MINIMUM|OR (?:HIGHER|MORE|BETTER|ABOVE|GREATER))\b|"
    r"\b(?:PSU|POWER SUPPLY) (?:OF )?\d{3,4} ?W(?:ATT)? (?:RECOMMENDED|REQUIRED|MINIMUM|MIN|OR (?:HIGHER|MORE|BETTER|"
    r"ABOVE|GREATER))\b|"
    r"\b\d{3,4} ?W(?:ATT)? (?:[A-Z0-9]+ ){0,2}(?:CABLE|ADAPTER|CONNECTOR)S?\b|\b(?:CABLE|ADAPTER|CONNECTOR)S? \d{3,4} ?W(?:ATT)?\b|"
    r"\b\d{3,4} ?W(?:ATT)? (?:TDP|TBP|TGP|BOARD POWER)\b|\b(?:TDP|TBP|TGP|BOARD POWER) (?:OF )?\d{3,4} ?W(?:ATT)?\b"
)
"""`needs a 750W PSU`, `850W PSU recommended`, `recommended PSU 750W`, `PSU 750W minimum`: what the card asks of
a power supply, not one sold with it; `600W cable`, `adapter 600W`: a cable's rating, and `450W TDP`: the card's
own power, not a power supply. Blanked
before BUNDLE_TITLE is applied, on the titles that name a PSU or have a `+` (PLUS)."""

MIN_FEEDBACK_SCORE = 4
"""ASSUMPTION (docs/rules.md): a seller whose feedback score is under this is low_feedback whatever its percentage:
issue 37 names the "sellers with 1-3 feedback" GPU Poet had to take out of its monthly report by hand. eBay's score
is net (+1 a positive, -1 a negative, over the account's life: Finding API SellerInfo), so a low score is a new
account or one with negatives. eBay's feedback profile shows the positive share of the last 12 months; the Browse
API documents feedbackPercentage only as "the percentage of the total positive feedback", and shows 0.0 for
sellers with a positive score (21 of the 866 distinct items in the shared Browse responses, one with a score of 79).
From a score of this or more, 0.0 is read as no rating in that year, not 0% positive: a seller whose ratings of the
year were all negative would read the same, which a net score this high makes unlikely, not impossible."""

SAMPLE = (
    r"\b(?:ENGINEERING SAMPLE|QUALIFICATION SAMPLE|ENG SAMPLE|ENGINEERING BOARD|ENGINEERING VERSION|QS|"
    r"ES (?:SAMPLE|VERSION|CARD|GPU|BOARD))\b|\bES$"
)
"""An engineering or qualification sample (ES, QS): unreleased silicon that the drivers may refuse (G10 says
never to buy ES/QS CPUs; the same holds for GPUs): never a card price."""

CARD_MAKER_NAMES = (
    r"ASUS|MSI|GIGABYTE|EVGA|ZOTAC|PNY|SAPPHIRE|XFX|POWERCOLOR|ASROCK|INNO3D|PALIT|GAINWARD|GALAX|KFA2|"
    r"COLORFUL|SPARKLE|MANLI|LEADTEK|ELSA|BIOSTAR|YESTON|MAXSUN|VISIONTEK"
)
CARD_MAKERS = rf"\b({CARD_MAKER_NAMES})\b"
# on the title as written: a maker next to a slash or a comma (`ASUS/GIGABYTE`, `24GB/ gigabyte`, `ZOTAC, EVGA`),
# or the words `multiple brands` / `various brands`; makers merely stuffed at the end (`... GAMES STRIX EVGA`)
# are no such list
MAKERS_LISTED = (
    rf"(?:[/,] *(?:{CARD_MAKER_NAMES})\b|\b(?:{CARD_MAKER_NAMES}) *[/,]|\b(?:MULTIPLE|VARIOUS) BRANDS\b)"
)
"""Board partners (CARD_MAKERS), the makers of the cards themselves: not NVIDIA, AMD or Intel, whose own cards a
title names beside them, nor OEMs such as Dell or HP. A title naming two or more of them as a list, next to a
slash or a comma (`ASUS/GIGABYTE/MSI RTX 3060 Ti`, `PNY RTX 4090 VERTO 24GB/ gigabyte WINDFORCE`, `MULTIPLE
BRANDS, ZOTAC, EVGA, ASUS`), offers a choice of cards at one price: `variation`, as eBay's own seller-defined
variations. Makers stuffed into a title as search words (`GIGABYTE RTX 3080 EAGLE ... GAMES STRIX EVGA`) are
not a list, and the card stays. GALAX and KFA2 are one maker's two names. Seen on the project's own set of
real titles (2026-11-26): three such eBay listings, and one stuffed title that must stay a card."""

PRE_ORDER = (
    r"\b(?:PRE ?ORDER(?:S|ED)?|PREORDER(?:S|ED)?|PRE ?SALES?|PRESALES?|CONFIRMED ORDER|ORDER CONFIRMED|"
    r"ORDER CONFIRMATION|ORDERCONFIRMED|EMAIL CONFIRMATION|ORDER SHIPPED|SHIPPED ORDER|RESERVATION|LONG LEAD TIME|BACK ?ORDER(?:ED)?|"
    r"ARRIV(?:ING|ES) (?:ON |BY |THIS |NEXT )?(?:\d{1,2} \d{1,2}|MON|TUE|WED|THU|FRI|SAT|SUN|TOMORROW|WEEK|"
    r"(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAY|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)|"
    r"(?:SHIPS?|WILL SHIP|SHIPPING|AVAILABLE|AVAIL|IN HAND)(?: OUT| TO YOU| TO U)?(?: ON| BY)? "
    r"(?:0?[1-9]|1[0-2]) (?:0?[1-9]|[12]\d|3[01])\b|"
    r"(?:SHIPS?|WILL SHIP|SHIPPING)(?: OUT)?(?: ON| BY)? (?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]* "
    r"(?:0?[1-9]|[12]\d|3[01])(?:ST|ND|RD|TH)?\b|"  # `ships Dec 8`: a date to come, as `ships 12/9` above
    r"(?:SHIPS?|WILL SHIP) (?:UPON|ON) ARRIVAL|AS SOON AS (?:IT )?(?:ARRIVES|IS IN HAND|IN HAND)|IN HAND SOON|"
    r"(?:SHIPS?|WILL SHIP|SHIPPING) (?:THIS|NEXT) WEEK|(?:SHIPS?|SHIPPING|WILL SHIP) (?:EARLY|MID|LATE) "
    r"(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*|DELIVER(?:Y|ED|S)? TO ME|"
    r"(?:SHIPS?|SHIPPING|WILL SHIP) (?:IN |ON |BY |THE )*(?:1ST|2ND|3RD|4TH|FIRST|SECOND|THIRD|FOURTH|LAST|EARLY|MID|LATE) "
    r"WEEK OF|(?:SHIPS?|SHIPPING|WILL SHIP) NEXT (?:WEEK|WK|MONTH)|COMING (?:SOON|NEXT WEEK|"
    r"(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAY)|"
    r"(?:ONCE|WHEN|AS SOON AS(?: IT S| IT IS)?) RECI?EI?VED|UPON RECEIPT|VORBESTELL(?:UNG|T)|VORVERKAUF|"
    r"(?:SHIPS|SHIPPING|AVAILABLE|DELIVERY) (?:IN|ON|FROM|AFTER) (?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)"
    r"[A-Z]*)\b"
)
"""A pre-order or a resold order confirmation (`email confirmation`, `*Order Shipped*`, `*CONFIRMED & SHIPPED
ORDER*`: the seller's own order, still on its way to them), a back order or a `long lead time`, a card `arriving
Friday`, `coming Monday`, `available 12/9`, one that `will ship 11/25`, `ships 1st week of October` or `ship next
wk`, `IN HAND 11/10` (in hand on a date to come), `ships upon arrival`, or is shipped `once received` or `once
recieved`: no card in hand, a price for a promise. A bare `*CONFIRMED*` (`(ORDER CONF)`, `CONFIMED ORDER`) is the
resold order of 2020 and 2021: every labelled set reads it so, and of 10,115 sold titles of that time it marked 170
such listings the classifier had kept. `Not a pre-order` is removed before, and a range of days (`ships 1-2 days`)
is no date (normalize.py)."""

CONFIRMED_BARE = r"\b(?:CONFIRMED|CONFIMED|ORDER CONF|ORDER CONFIRM|CONFIRM ORDER)\b"
"""A bare `*CONFIRMED*` (the scalpers' resold order of 2020-2021, as labelled in every set): a pre-order, read on the
title with PRE_ORDER_GUARD blanked (`Non-LHR confirmed`, `confirmed working`); PRE_ORDER itself is read on the title as
it is, so that the guard never hides its phrases (`Non-LHR Confirmed Order`)."""

PRE_ORDER_GUARD = (
    r"\b(?:NONLHR|NON LHR|LHR|FULL HASH(?: ?RATE)?|HASH ?RATE|WORKING|WORKS|TESTED|GENUINE|AUTHENTIC|FUNCTIONAL|STABLE|"
    r"UNLOCKED|COMPATIBLE|BIOS|SELLER)(?: AND| PLUS)? CONFIRMED\b"
    r"|\bCONFIRMED (?:TO WORK|WORKING|WORKS|TESTED|FUNCTIONAL|GENUINE|AUTHENTIC|NONLHR|NON LHR|LHR|FULL HASH(?: ?RATE)?|"
    r"UNLOCKED|IN HAND|COMPATIBLE|\d{2,4} ?W)\b"
)
"""`Non-LHR confirmed`, `tested and confirmed working`, `Confirmed 500w+ Power Draw`, `Confirmed In Hand`: the card
confirmed, not an order. Blanked before CONFIRMED_BARE is applied."""

MODIFIED = (
    r"\b(?:WATER ?BLOCK (?:INSTALLED|ATTACHED|MOUNTED|FITTED)|WATERBLOCK (?:INSTALLED|ATTACHED|MOUNTED|FITTED)|"
    r"(?:WITH|W|PLUS|IN) (?:AN? )?(?:[A-Z0-9]+ ){0,2}WATER ?BLOCK|(?:WITH|W|PLUS|IN) (?:AN? )?(?:EKWB|EK WB|EK|BYKSKI|"
    r"ALPHACOOL|HEATKILLER|BITSPOWER|BARROW|GRANZON)|"
    r"SHUNT ?MOD(?:DED)?|SHUNTED|\d{3,4} ?W BIOS|(?:THERMAL )?PADS? MOD(?:DED)?|THERMAL PADS? (?:REPLACED|UPGRADED|CHANGED|SWAPPED|REDONE)|"
    r"RE ?PADDED|BIOS ?MOD(?:DED)?|XOC BIOS|PCB ONLY|READY FOR (?:A |AN )?(?:WATER ?BLOCK|WATERBLOCK|"
    r"LOOP|CUSTOM LOOP)|(?:NO|WITHOUT) (?:STOCK |ORIGINAL )?(?:COOLER|HEATSINK)|(?:COOLER|HEATSINK) REMOVED|"
    r"CONVERTED TO WATER|WATER COOLING CONVERSION|WATER ?BLOCKED|DE ?SHROUD(?:ED)?|REBUILT WITH|"
    # its fans gone (`... Graphics Card - NO FANS`, `missing fan`, `fans removed`); a passive card has none to miss
    # (classify.py)
    r"NO FANS|WITHOUT (?:THE |ITS |STOCK |ORIGINAL )?FANS|MISSING (?:THE |ITS |A |ONE |1 |TWO |2 |STOCK |ORIGINAL )?FANS?|"
    r"FANS? (?:REMOVED|MISSING)|"
    # German: with a water cooler (fitted), converted to water
    r"(?:MIT|INKL|INKLUSIVE) (?:[A-Z0-9]+ ){0,2}WASSER ?KUEHLER|WASSER ?KUEHLER (?:MONTIERT|VERBAUT)|"
    r"UMGEBAUT AUF WASSER|OHNE (?:ORIGINAL ?)?(?:KUEHLER|LUEFTER))\b"
)
"""A card changed from stock: an aftermarket water block fitted, a shunt or BIOS mod (`new 500w bios`), a bare PCB ready for a
block (`with EK water block`, `in EKWB water block`, or the block maker alone: `w/ EKWB`, `with Bykski`;
`waterblocked`), a thermal pad mod, a card
whose thermal pads were replaced (`Thermal Pads Replaced`, `repadded`), a card
deshrouded or rebuilt with another maker's cooler. Still a card (its model is
kept) but not the stock card the prices are of: flagged `modified` and kept out of them (issue 37). Factory water-cooled models (Hydro Copper, WaterForce, Hybrid) are stock and pass, and
so does a bare `water cooled` (V100 SXM2 modules and factory loops are sold so); beside a line no maker sells water
cooled it is a card converted to water (MODIFIED_COOLED). In German (eBay.de) `mit
Wasserkühler`, `Wasserkühler montiert` and `ohne Kühler` say the same; the other vocabularies read eBay.de's words
too (`defekt`, `Bastler`, `als Ersatzteil`, `kein Bild`; `Leerkarton`, `nur Verpackung`; `Vorbestellung`;
`Wasserkühler`, `Halterung`, `Lüfter für`; `Komplett-PC`), an umlaut written out by normalization (KÜHLER
-> KUEHLER), as sellers without one write it. An SXM module on a PCIe
adapter is the SXM model (docs/sources.md)."""

MODIFIED_COOLED = (
    r"\b(?:(?:WATER ?COOLED|LIQUID COOLED) (?:[A-Z0-9]+ ){0,3}(?:TUF|FE|VENTUS|WINDFORCE|EAGLE|TWIN EDGE|TRINITY|"
    r"GAMING X TRIO)|(?:TUF|FE|VENTUS|WINDFORCE|EAGLE|TWIN EDGE|TRINITY|GAMING X TRIO)(?: [A-Z0-9]+){0,8} "
    r"(?:WATER ?COOLED|LIQUID COOLED))\b"
)
"""Modified too: `water cooled` beside a line no maker sells water cooled (TUF, Founders Edition (FE once
normalized), Ventus, Windforce, Eagle, Twin Edge, Trinity, Gaming X Trio): a card converted to water (`Watercooled
ASUS TUF Gaming ...`, the eleventh set). Read only on the titles that say COOLED (features.py), as the rule costs
on every title otherwise."""

ACCESSORY_STRONG = (
    r"\b(?:WATER ?BLOCK|WATERBLOCK|EISBLOCK|BRIDGE|RISER|HYBRID KIT|AIO KIT|THERMAL PADS?|"
    r"FITS (?:[A-Z]+ ){0,3}(?:RTX|GTX|RX|TESLA|QUADRO|RADEON|NVIDIA|AMD|GEFORCE|ASUS|MSI|EVGA|GIGABYTE|ZOTAC|\d{3,4})|"
    r"REPLACEMENT (?:FANS?|COOLER|SHROUD|BACKPLATE|HEATSINK|BRACKET)|FANS? (?:KIT|ASSEMBLY|FOR|BLADES?)|"
    r"(?:BACKPLATE|COOLER|HEATSINK|HEAT SINK|SHROUD|FANS?|CHIP|DIE|BRACKET|PCB|SHELL|COVER|CASE) ONLY|"
    r"NO (?:CARD|GPU)|GPU NOT INCLUDED|CARD NOT INCLUDED|GPU CHIP|GPU DIE|MOUNT KIT|SUPPORT BRACKET|BACKPLATE|"
    r"ANTI SAG|SAG (?:HOLDER|BRACKET|SUPPORT|STAND|BRACE)|ACCESSORIES|SPECIMEN|KEY ?CHAIN|ORNAMENT|"
    r"WASSER ?KUEHLER|GRAFIKKARTEN ?(?:HALTER(?:UNG)?|STUETZE)|ERSATZLUEFTER|STROMKABEL|ADAPTERKABEL|"
    r"ZUBEHOER|DUMMY PLUG|POWER CABLE|EXTENSION CABLE|ADAPTER CABLE|POWER ADAPTER|ADAPTER ONLY|BOARD ONLY|"
    r"(?:HEATSINK|HEAT SINK|COOLER|FAN|SHROUD|THERMAL)(?: COOLER| FAN)? ASSEMBLY|"
    r"COOLING FANS?|TURBINE FANS?|FAN SHROUD|FAN ADAPTER|FAN ATTACHMENTS?|"
    # a card's cooler, named last (`RTX 3090 Heatsink and fans`); `with heatsink and fans` is guarded
    r"(?:HEATSINK|HEAT SINK|COOLER)S? (?:AND|PLUS) FANS?(?: ONLY)?$|"
    r"(?:GUIDES?|MANUALS?|BOOKLETS?|PAPERWORK|DOCUMENTATION)(?: BOOKS?)? ONLY|^COMPATIBLE (?:WITH|FOR))\b"
)
"""Words that make the listing an accessory wherever they stand, unless GUARDED (below); and a title that opens
with `compatible with` (a part for the card it names: `Compatible with GIGABYTE RTX 5060 ... Cooler`)."""

ACCESSORY_GUARD = (
    r"\b(?:WITH|W|WITHOUT|PLUS|INCLUDES?|INCLUDED|INCLUDING|INCL|ON|MISSING|NO|HAS|HAVE|SCRATCH(?:ES|ED)?|BENT|"
    r"MIT|INKL|INKLUSIVE|OHNE|"
    r"DENTED|DAMAGED)(?: [A-Z0-9]+){0,3} "
    r"(?:WATER ?BLOCK|WATERBLOCK|EISBLOCK|WASSER ?KUEHLER|BRIDGE|RISER|THERMAL PADS?|BACKPLATE|BRACKET|SHROUD|"
    r"FANS?|COOLER|"
    r"HEATSINK|SCREWS?|CABLE|ADAPTER|MANUALS?|GUIDES?|PAPERWORK|DOCUMENTATION|ACCESSORIES|ZUBEHOER)\b"
    r"|\b(?:FANS?|SHROUD|COOLER|BRACKET|BACKPLATE|ADAPTER|HEATSINK|WATER ?BLOCK|BRIDGE|RISER|CABLE|ACCESSORIES) "
    r"(?:INCLUDED|ATTACHED|INSTALLED)\b"
    # a feature at the end of a maker's product name (EVGA: `..., 12GB GDDR6, Dual-Fan, Metal Backplate`)
    r"|\b(?:FAN|FANS|LED|TECHNOLOGY|COOLING|GDDR\dX?)(?: PCI| PCIE)?(?: METAL| ALUMINUM| ALUMINIUM)? BACKPLATE(?: LHR)?"
    r"(?: IN HAND)?$"
    # a factory water block (Gigabyte's WATERFORCE WB) and what a card ships with
    r"|\bWATERFORCE(?: [A-Z0-9]+){0,6} (?:WATER ?BLOCK|WATERBLOCK)\b"
    r"|\b(?:BOX|PACKAGING|MANUALS?|CABLES?) (?:AND|PLUS) ACCESSORIES\b"
    # a card sold with an extra, named last (`Tesla P4 ... Graphics Card and Turbo Cooling Fan`: a passive card with a
    # blower); not `GPU and cooling fan for Tesla P40` or `... and fan only` (the extra alone)
    r"|\b(?:CARD|GPU|ACCELERATOR)S? AND(?: [A-Z0-9]+){0,3} (?:FANS?|SHROUD|COOLER|BRACKET|ADAPTER|CABLES?|RISER|BRIDGE)"
    r"(?: KIT)?$"
)
"""`... with NVLink bridge`, `+ NVLink bridge`, `scratch on backplate`, `missing bracket screw`: the card is
sold, the accessory word describes it; so does a backplate named last among a maker's features (`... Dual-Fan, Metal
Backplate`), a WATERFORCE card's own water block, `packaging and accessories` and a card sold `and` a fan or a shroud
(`... Graphics Card and Turbo Cooling Fan`, the extra named last). Guarded phrases are blanked
before the accessory words are looked for."""

FAN_COUNT = r"\b(?:DUAL|TWIN|TRIPLE|SINGLE|QUAD|TWO|THREE|[1-4]|[1-4]X|[1-4]FAN) FANS?\b"
"""`Dual fan`, `3X fans`: a card's cooler, blanked before ACCESSORY_WEAK (but `2 fans for RTX 3080` still
reads FANS FOR as an accessory)."""

ACCESSORY_WEAK_WORDS = (
    r"BRACKET|BACKPLATE|SHROUD|HEATSINK|HEAT SINK|COOLER|FANS?|ADAPTER|CABLE|KIT|MOUNT|HOLDER|"
    r"STAND|DUCT|BLOCK|PADS?|BOARD ONLY|SCREWS?"
)
"""Words that make the listing an accessory only when they come before any model mention
("Low profile bracket for Tesla T4", "SXM2 to PCIe adapter board for V100") or are followed by FOR."""

ACCESSORY_WEAK_FOR = (
    r"\b(?:BRACKET|BACKPLATE|SHROUD|HEATSINK|COOLER|FANS?|ADAPTER|CABLE|KIT|MOUNT|HOLDER|DUCT|KUEHLER|"
    r"LUEFTER|HALTERUNG|KABEL)(?: [A-Z0-9]+){0,3} (?:FOR|FUER)\b"
)

SYSTEM = (
    r"\b(?:LAPTOP|NOTEBOOK|MACBOOK|CHROMEBOOK|GAMING PC|DESKTOP PC|GAMING DESKTOP|GAMING COMPUTER|PC BUILD|"
    r"CUSTOM PC|CUSTOM BUILD|PREBUILT|PRE BUILT|KOMPLETT ?PC|KOMPLETTSYSTEM|GAMING ?RECHNER|GAMER PC|CYBERPOWER(?:PC)?|IBUYPOWER|SKYTECH|MINI PC|ALL IN ONE|XEON|"
    r"THREADRIPPER|EPYC|RYZEN [3579]|RYZEN|CORE I[3579]|I[3579] \d{4,5}[A-Z]{0,2}|(?:CORE )?ULTRA [3579] \d{3}[A-Z]{0,2}|"
    r"\d{1,4} ?(?:GB|TB) (?:SSD|NVME|HDD|M 2)|(?:64|128|256|512) ?GB DDR[45]|RENDER NODE|MEDIA SERVER|"
    r"MXM\d?|N1[5-9][EP] [GQ][0-9A-Z]{1,3}|[GQ]N2\d [A-Z]\d{1,2}|CLEVO|AREA 51M|DGFF|KATANA|ZEPHYRUS|HELIOS|"
    r"(?:32|64|128|256|512) ?GB (?:DDR[345] |ECC )*RAM|EGPU|E GPU|EGFX|EXTERNAL GPU|GAMING BOX|IXEB|BREAKAWAY BOX|RAZER CORE|XG MOBILE|ENCLOSURE|"
    r"DOCKING STATION|"
    r"MINING RIG|"
    r"DGX|HGX|SERVER (?:SYSTEM|CHASSIS|BAREBONE)|BAREBONE|"
    r"Z[4-9][79]0M?|X[3-8]70E?|B[4-8][56]0[EM]?|H[4-8][17]0M?|X299|X399|TRX40|WRX80)\b"
)
"""A machine or a laptop module, not a card (PC, server, laptop, a machine's CPU (`Core Ultra 7 265K`) or memory
(`128GB DDR5`), a `render node`, MXM module as `MXM3.0`, a Clevo laptop's
module, an Alienware Area-51m's DGFF module, eGPU, Gigabyte's AORUS Gaming Box by its part number
GV-N3080IXEB), wherever it is said; or a card sold
with a motherboard, named by its chipset (`RTX 4080 SUPER 16G + Z790 AORUS`, `+ B650M WIFI`: the micro-ATX board's
M too, from the sixteenth set): not a card's price."""

MINING = r"\b(?:P10[246](?: \d{3})?|CMP(?: \d{2,3} ?HX| \d{3} \d{3})?)\b"
"""NVIDIA's mining cards, sold as P102-100, P104-100, P106-100 and CMP 30HX ... 170HX, CMP 100-210: no display
output, cut-down links and a capped driver, and none is in the catalog. Their titles name the GeForce or Tesla they
are cut from (`P106-100 ... GTX 1060`, `CMP 100-210 (V100 VBIOS)`), which must not price that card: `unclear`."""

SYSTEM_WEAK_WORDS = (
    r"DESKTOP|COMPUTER|TOWER|BUILD|POWEREDGE|PROLIANT|THINKSTATION|PRECISION \d{4}|SUPERMICRO|GIGABYTE G\d{3}|"
    r"OPTIPLEX|ALIENWARE AURORA|RAZER BLADE|ZBOOK|ROG ZEPHYRUS|ROG FLOW|STRIX SCAR|LEGION|PREDATOR HELIOS|"
    r"OMEN \d{2}L?|TECRA|LATITUDE|THINKPAD|PROBOOK|ELITEBOOK|INSPIRON|IDEAPAD|VOSTRO|XPS \d{2}|HP Z[2468]|Z[2468] G\d|"
    # MSI's laptop lines (Katana is in SYSTEM): `MSI Summit E16 Flip A13VFT (RTX 4060)`
    r"SUMMIT E\d{2}|STEALTH \d{2}|RAIDER GE|VECTOR GP|CYBORG \d{2}|SWORD \d{2}|CROSSHAIR \d{2}|TITAN GT\d{2}|"
    r"G[EFLPS][67]\d"
)
"""Machine words that make a system only when they come before any model mention ("Dell PowerEdge R740
with 2x V100", "Razer Blade 15 RTX 3070 Ti"); after it they say what the card fits or came from
("Tesla V100 SXM2 Dell PowerEdge C4140", "RTX 4090 Dell Alienware R15 pull")."""

SYSTEM_GUARD = (
    r"\b(?:FOR )?(?:PC|DESKTOP|COMPUTER|SERVER|WORKSTATION)(?: GAMING)? (?:GRAPHICS|VIDEO|GPU|GPUS|CARD|CARDS)\b"
    r"|\bFOR (?:COMPUTER GAMING PC|DESKTOP GAMING PC|PC|DESKTOP|COMPUTER|SERVERS?|WORKSTATIONS?|GAMING PC)\b|\b(?:FROM|PULLED FROM|OUT OF) (?:A |AN |MY )?"
    r"(?:WORKING |TESTED |USED |OLD |NEW )?(?:GAMING |PREBUILT |PRE BUILT )?"
    r"(?:DESKTOP|PC|WORKSTATION|SERVER|COMPUTER|TOWER|BUILD|DGX(?: 1| 2| STATION)?|HGX|GPU SERVER)\b"
    r"|\b(?:GPU )?SERVER PULLS?\b"
    # the CPUs a card suits, stuffed as search words (`RTX 3060 ... 8GB For Intel core i5 12600KF 13490f`)
    # (only the CPUs' own names and model numbers: a machine word after them still counts)
    r"|\bFOR (?:INTEL |AMD )?(?:CORE I[3579]|CORE ULTRA [3579]|RYZEN [3579]|RYZEN)(?: [A-Z0-9]*\d[A-Z0-9]*){0,2}\b"
    # a card under Supermicro's part number (`Supermicro NVIDIA L4 24GB GPU Computing Card GPU-NC4D8`), not a
    # Supermicro server: the maker, the card and its memory or form, then `GPU computing card` (fourteenth review)
    r"|\bSUPERMICRO (?:NVIDIA|AMD) (?:TESLA |INSTINCT |RTX |QUADRO )?[A-Z]*\d+[A-Z0-9]*(?: [A-Z0-9]+){0,2} "
    r"GPU (?:COMPUTING|ACCELERATOR) CARD\b"
)
"""`desktop graphics card`, `for PC`, `pulled from a workstation`, `for Intel Core i5 12600KF`: card listings that
mention machines. Blanked before SYSTEM is applied."""

GPU_WORDS = r"RTX|GTX|RX|TESLA|QUADRO|RADEON|NVIDIA|AMD|INTEL|ARC|INSTINCT|GEFORCE|TITAN|GPUS|CARDS"
"""Words that tell a count before them counts cards (`2x RTX 3090`, `x2 AMD Radeon`)."""

ADAPTER_WORDS = ("ADAPTER", "CARRIER", "CONVERTED", "CONVERSION", "CONVERTER")
"""An SXM module said to sit on a PCIe adapter or carrier (or `SXM2 to PCIe`) is still the SXM model."""

MEMORY_TOKEN_RE = rf"\b\d{{1,3}}GB\b(?: (?:{'|'.join(MEMORY_CONTEXT_WORDS)})\b)?"
FORM_TOKEN_RE = rf"\b(?:SXM\d? TO PCIE|SXM\d?|PCIE|OAM|{'|'.join(ADAPTER_WORDS)})\b"
