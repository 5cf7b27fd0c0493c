-- 060: form factor beside value, so rankings for a desktop can leave out SXM/OAM modules.
ALTER TABLE marts.gpu_value ADD COLUMN IF NOT EXISTS form_factor VARCHAR;
COMMENT ON COLUMN marts.gpu_value.form_factor IS 'pcie, sxm or oam: SXM/OAM modules need a server board (or an adapter); budget picks and top lists take PCIe cards only.';
