"""Sample mode's earlier days: the bundled eBay snapshot as it would have looked `days_before` days earlier.

SAMPLE DATA, seeded and deterministic, never market prices. The bundled snapshot is one day of items; a
dashboard of trends, deals and exits needs a few weeks. Rather than author weeks of files, an earlier day
is derived from the snapshot, item by item, by rules a reader can check:

- **arrivals**: an item first shows a seeded 0 to 29 days before the snapshot day, never before its
  `itemCreationDate` (so about one item in thirty is new on any day, the sample day included);
- **exits**: about one item in five has an earlier twin (`itemId` with the suffix `|sampleN`) that was
  listed for 3 to 14 days and ended 1 to 14 days before the snapshot day (sold or withdrawn: the exits and
  days-to-sell the dashboard shows);
- **a price trend per model**: each model's prices were higher or lower by up to 0.7% per day earlier
  (some cards getting cheaper, some dearer), with a small per-item wobble;
- **price drops**: about one item in six asked 5-12% more until a day 2-10 days before the snapshot.

Offset 0 is the bundled snapshot unchanged, so the sample day's figures do not depend on this module. The
same (item, offset) always gives the same answer: re-running a sample day stores the same rows.
"""

import copy
import hashlib
from datetime import date, datetime, timedelta

MAX_TREND_PER_DAY = 0.007
TWIN_SHARE = 0.2
DROP_SHARE = 0.16
ARRIVAL_SPREAD_DAYS = 30


def _unit(*parts: object) -> float:
    """A deterministic number in [0, 1) from `parts` (sha256: the same on every machine and Python)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def _created(item: dict) -> date | None:
    raw = item.get("itemCreationDate")
    try:
        return datetime.fromisoformat(raw.replace("Z", "+00:00")).date() if raw else None
    except ValueError:
        return None


def _arrival(item: dict, snapshot_day: date) -> int:
    """How many days before the snapshot day the item first shows."""
    seeded = int(_unit("arrival", item.get("itemId", "")) * ARRIVAL_SPREAD_DAYS)
    created = _created(item)
    return seeded if created is None else min(seeded, max((snapshot_day - created).days, 0))


def _scaled(money: dict | None, factor: float) -> dict | None:
    if not money or money.get("value") in (None, ""):
        return money
    try:
        value = float(money["value"])
    except ValueError:
        return money
    out = dict(money)
    out["value"] = f"{max(value * factor, 0.99):.2f}" if value > 0 else money["value"]
    return out


def _price_factor(model_id: str, item_id: str, days_before: int) -> float:
    """How much more (or less) `item_id` asked `days_before` days before the snapshot."""
    trend = (2 * _unit("trend", model_id) - 1) * MAX_TREND_PER_DAY
    wobble = 1 + (2 * _unit("wobble", item_id, days_before) - 1) * 0.01
    drop = 1.0
    if _unit("drops", item_id) < DROP_SHARE and days_before >= 2 + int(_unit("drop-day", item_id) * 9):
        drop = 1.05 + 0.07 * _unit("drop-size", item_id)
    return (1 + trend * days_before) * wobble * drop


def _priced(item: dict, factor: float) -> dict:
    out = copy.deepcopy(item)
    out["price"] = _scaled(item.get("price"), factor)
    return out


def _twin(item: dict, model_id: str, snapshot_day: date, days_before: int) -> dict | None:
    """The earlier listing of the same card that ended before the snapshot day, if it was live then."""
    item_id = str(item.get("itemId", ""))
    if _unit("twin", item_id) >= TWIN_SHARE:
        return None
    ended = 1 + int(_unit("twin-end", item_id) * 14)  # last seen `ended` days before the snapshot
    listed = 3 + int(_unit("twin-days", item_id) * 12)
    if not ended <= days_before < ended + listed:
        return None
    twin = _priced(
        item,
        _price_factor(model_id, item_id + "|sample", days_before)
        * (0.97 + 0.06 * _unit("twin-price", item_id)),
    )
    twin["itemId"] = f"{item_id}|sample1"
    if twin.get("itemWebUrl"):
        twin["itemWebUrl"] = f"{twin['itemWebUrl']}?sample_twin=1"
    twin["itemCreationDate"] = (
        f"{(snapshot_day - timedelta(days=ended + listed - 1)).isoformat()}T09:00:00.000Z"
    )
    return twin


def items_on(items: list[dict], model_id: str, snapshot_day: date, days_before: int) -> list[dict]:
    """The items a search for `model_id` would have returned `days_before` days before `snapshot_day`."""
    if days_before <= 0:
        return items
    out = []
    for item in items:
        if days_before <= _arrival(item, snapshot_day):
            out.append(_priced(item, _price_factor(model_id, str(item.get("itemId", "")), days_before)))
        twin = _twin(item, model_id, snapshot_day, days_before)
        if twin is not None:
            out.append(twin)
    return out
