"""Every asset of the pipeline, in flow order."""

from pipelines.assets.catalog_specs import gpu_benchmarks, gpu_specs, gpu_specs_mart
from pipelines.assets.exports import daily_export, dashboard, published_warehouse
from pipelines.assets.ingest_cloud_offers import cloud_offers
from pipelines.assets.ingest_ebay import ebay_listings
from pipelines.assets.ingest_ebay_sold import ebay_sold_items
from pipelines.assets.ingest_fx_rates import fx_rates
from pipelines.assets.ingest_retailers import retailer_listings
from pipelines.assets.ingest_spec_sheets import gpu_spec_sheets
from pipelines.assets.marts_alerts import alerts, listing_exits
from pipelines.assets.marts_prices import price_daily
from pipelines.assets.marts_regions import region_picks, region_prices, region_tiers, region_value
from pipelines.assets.marts_rent import buy_vs_rent, cloud_prices
from pipelines.assets.marts_tiers import budget_builds, build_tiers, platform_parts
from pipelines.assets.marts_value import budget_picks, deals, gpu_value
from pipelines.assets.staging_listings import listing_history, listings, unmatched_titles

ALL_ASSETS = [
    ebay_listings, ebay_sold_items, retailer_listings, gpu_spec_sheets, cloud_offers, fx_rates,
    gpu_specs, gpu_benchmarks, listings, listing_history, unmatched_titles,
    gpu_specs_mart, price_daily, gpu_value, budget_picks, deals, platform_parts, build_tiers, budget_builds,
    cloud_prices, buy_vs_rent, region_prices, region_value, region_picks, region_tiers, listing_exits, alerts,
    daily_export, dashboard, published_warehouse,
]
