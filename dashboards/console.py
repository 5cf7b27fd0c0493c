"""What `make run` prints at its end about the day's cards, read from the warehouse."""

import duckdb

# only cards a buyer can act on by default (marts.gpu_value.recommended), each with its caveat in words
TOP_SQL = (
    "SELECT condition, name, price_median, perf_per_1k_usd, listing_count, caveat FROM marts.gpu_value "
    "WHERE snapshot_date = ? AND recommended ORDER BY perf_per_1k_usd DESC, model_id LIMIT ?"
)


def top_lines(con: duckdb.DuckDBPyConnection, day: str, n: int = 5) -> list[str]:
    rows = con.execute(TOP_SQL, [day, n]).fetchall()
    lines = [
        f"top {n} cards to buy by performance per 1,000 USD on {day} (NVIDIA PCIe cards with their own fans "
        "and current CUDA support; asking prices of active listings):"
    ]
    for i, (condition, name, price, ppu, count, caveat) in enumerate(rows, 1):
        note = f" ({caveat})" if caveat else ""
        lines.append(
            f"  {i}. {name} ({condition}) median {price:,.0f} USD, {ppu:.2f} per 1k USD, {count} listings{note}"
        )
    return lines
