-- Thirty-first review: PyTorch 2.15 (2026-10-28) publishes no CUDA 12 wheels, so Maxwell, Pascal and Volta cards are held
-- at PyTorch 2.14 (warehouse/catalog/software_support.csv), which their label now says
COMMENT ON COLUMN marts.gpu_specs.pytorch_cuda IS 'NVIDIA: PyTorch''s wheels for the target: current, cuda12_only (only the CUDA 12 wheels carry its kernels), or ''up to X'' (X was the last release with wheels for it: Maxwell, Pascal and Volta, up to 2.14; support_label then reads ''CUDA 12 and PyTorch 2.14 only'').';
