"""Store titles over the stated limit (300 characters) are cut, each with its original length recorded."""

from transforms.retailer_rows import STORE_MAX_TITLE, cut_titles


def test_titles_over_the_limit_are_cut_and_recorded():
    rows = [
        {"store": "newegg", "sku": "N1", "title": "RTX 3090 " * 2000},
        {"store": "bestbuy", "sku": "B1", "title": "x" * STORE_MAX_TITLE},
        {"store": "bestbuy", "sku": "B2", "title": None},
    ]
    assert cut_titles(rows) == [("newegg", "N1", "title of 18,000 characters cut to 300")]
    assert len(rows[0]["title"]) == STORE_MAX_TITLE and rows[0]["title"].startswith("RTX 3090 RTX 3090")
    assert rows[1]["title"] == "x" * STORE_MAX_TITLE and rows[2]["title"] is None
