"""warehouse/schema.sql is the schema the migrations build today (regenerate it with `make schema`)."""

from warehouse.schema_file import SCHEMA_SQL, current_schema


def test_the_schema_file_matches_what_the_migrations_build():
    built = current_schema()
    assert "CREATE TABLE marts.price_daily (" in built
    assert SCHEMA_SQL.read_text() == built, "warehouse/schema.sql is stale: run `make schema` and commit it"


def test_the_schema_file_shows_every_table_and_column_comment():
    text = SCHEMA_SQL.read_text()
    assert "CREATE TABLE marts.gpu_value (" in text
    # a column added by a later migration (060) is there, a key a later migration dropped (070) is not
    assert "form_factor" in text.split("CREATE TABLE marts.gpu_value (")[1].split(");")[0]
    assert "PRIMARY KEY" not in text.split("CREATE TABLE marts.price_daily (")[1].split(");")[0]
    for block in text.split("CREATE TABLE ")[1:]:
        columns = block.split(");")[0].splitlines()[1:]
        for line in columns:
            if not line.strip().startswith(("PRIMARY KEY", "UNIQUE")):
                assert "  -- " in line, f"column without a comment: {line.strip()}"
