"""The DDL files' order and names (warehouse/migrations.py): by number as a number, every file a migration."""

import pytest

from warehouse.migrations import ddl_files, order


def test_migrations_are_ordered_by_their_number_past_999(tmp_path):
    """Code review (thirty-sixth review, a developer adding two migrations): only three-digit names were read, so a
    1000_... file was skipped without a word, and 998 and 999 were the last numbers a change could take."""
    for name in ("999_last_three.sql", "1000_first_four.py", "002_early.sql", "10_short.sql"):
        (tmp_path / name).write_text("-- x\n")
    (tmp_path / "__pycache__").mkdir()  # a folder beside them is no migration
    assert [p.name for p in ddl_files(tmp_path)] == [
        "002_early.sql",
        "10_short.sql",
        "999_last_three.sql",
        "1000_first_four.py",
    ]
    assert order("1000_first_four.py") > order(
        "999_last_three.sql"
    )  # apply_migrations(before=...) compares so


@pytest.mark.parametrize("name", ["notes.sql", "998-dash.sql", "998_.sql", "x_998.py"])
def test_a_file_that_is_no_migration_is_refused_by_name(tmp_path, name):
    (tmp_path / "001_schemas.sql").write_text("-- x\n")
    (tmp_path / name).write_text("-- x\n")
    with pytest.raises(ValueError, match=f"warehouse/ddl/{name}: a migration is named NNN_what_it_does"):
        ddl_files(tmp_path)


def test_an_editors_backup_beside_them_is_passed_over(tmp_path):
    """Code review: a stray 997_deals_open_box.sql~ or .orig stopped every command that writes, as "a bug"."""
    for name in ("001_schemas.sql", "001_schemas.sql~", "002_more.sql.orig", "README.md"):
        (tmp_path / name).write_text("-- x\n")
    assert [p.name for p in ddl_files(tmp_path)] == ["001_schemas.sql"]


def test_two_migrations_of_one_number_are_refused(tmp_path):
    for name in ("998_one.sql", "998_other.sql"):
        (tmp_path / name).write_text("-- x\n")
    with pytest.raises(ValueError, match=r"more than one migration numbered \[998\]"):
        ddl_files(tmp_path)


def test_the_projects_migrations_are_all_read():
    names = [p.name for p in ddl_files()]
    assert names[0] == "001_schemas.sql" and len(names) == len(set(names)) >= 100
