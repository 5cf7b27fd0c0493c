-- 001: the three layers. Data flows one way: sources -> raw -> staging -> marts.
CREATE SCHEMA IF NOT EXISTS raw;
CREATE SCHEMA IF NOT EXISTS staging;
CREATE SCHEMA IF NOT EXISTS marts;
-- Schema descriptions live in README.md (DuckDB has no COMMENT ON SCHEMA).
