"""The eBay marketplaces the pipeline can search, as data: what a Browse search on each must send.

Per marketplace (eBay's MarketplaceIdEnum; Buy API marketplace support page,
developer.ebay.com/api-docs/buy/ref-marketplace-supported.html):
- `X-EBAY-C-MARKETPLACE-ID` header = the id, and `Accept-Language` = the site's language (eBay answers in it,
  condition names included; fr-CA must be asked for, en-CA is the default);
- filter `priceCurrency:<currency>` and `itemLocationCountry:<country>`: the listings a buyer there would buy
  at home, priced in the site's currency (cross-border listings shown converted are left to their home site);
- the Graphics/Video Cards category: 27386 on ebay.com, ebay.co.uk and ebay.it (seen in the sites' category
  URLs); on the other sites ASSUMPTION that eBay's shared category tree gives it the same id (`category_basis`);
- the same global condition ids (eBay: "used consistently across all marketplaces"); the refurbished grades
  (2000-2030) are restricted to approved sellers, so a site without them simply returns none;
- whether prices shown include VAT/GST: UK, EU and Australian business sellers show prices with VAT/GST
  (eBay UK and eBay.de seller pages, the EU price-indication rule, AU GST rules); US and Canadian prices are
  before sales tax, which is added at checkout. Private sellers charge none anywhere.

EBAY_CA: eBay's support table shows Canada with fewer Buy API resources than the other sites, and it could
not be confirmed here that `item_summary/search` answers on it; it is configurable, and a refusal is recorded
per search like any failed search (the other marketplaces go on). Canadian listings also reach EBAY_US
buyers, converted to USD, when `itemLocationCountry` allows them.
"""

from dataclasses import dataclass

GPU_CATEGORY_ID = "27386"  # Graphics/Video Cards
# New, open box, certified/excellent/very good/good refurbished, seller refurbished, used, for parts.
CONDITION_IDS = (1000, 1500, 2000, 2010, 2020, 2030, 2500, 3000, 7000)


@dataclass(frozen=True)
class Marketplace:
    id: str
    country: str  # ISO 3166 code of the site (item location filter, mains region)
    currency: str  # ISO 4217 code the site prices in
    site: str
    language: str  # Accept-Language
    vat_included: bool  # prices of business sellers shown to buyers include VAT/GST
    category_id: str = GPU_CATEGORY_ID
    category_basis: str = "seen in the site's category URL"
    condition_ids: tuple[int, ...] = CONDITION_IDS
    browse_search: str = "supported"  # or "unconfirmed" (see EBAY_CA above)

    @property
    def region(self) -> str:
        """The region (mains, electricity price) a buyer on this site lives in."""
        return self.country


SHARED_TREE = "ASSUMPTION: 27386 as on ebay.com, ebay.co.uk and ebay.it (eBay's shared category tree)"

MARKETPLACES: dict[str, Marketplace] = {
    m.id: m
    for m in (
        Marketplace("EBAY_US", "US", "USD", "https://www.ebay.com", "en-US", vat_included=False),
        Marketplace("EBAY_GB", "GB", "GBP", "https://www.ebay.co.uk", "en-GB", vat_included=True),
        Marketplace(
            "EBAY_DE",
            "DE",
            "EUR",
            "https://www.ebay.de",
            "de-DE",
            vat_included=True,
            category_basis=SHARED_TREE,
        ),
        Marketplace(
            "EBAY_FR",
            "FR",
            "EUR",
            "https://www.ebay.fr",
            "fr-FR",
            vat_included=True,
            category_basis=SHARED_TREE,
        ),
        Marketplace("EBAY_IT", "IT", "EUR", "https://www.ebay.it", "it-IT", vat_included=True),
        Marketplace(
            "EBAY_ES",
            "ES",
            "EUR",
            "https://www.ebay.es",
            "es-ES",
            vat_included=True,
            category_basis=SHARED_TREE,
        ),
        Marketplace(
            "EBAY_CA",
            "CA",
            "CAD",
            "https://www.ebay.ca",
            "en-CA",
            vat_included=False,
            category_basis=SHARED_TREE,
            browse_search="unconfirmed",
        ),
        Marketplace(
            "EBAY_AU",
            "AU",
            "AUD",
            "https://www.ebay.com.au",
            "en-AU",
            vat_included=True,
            category_basis=SHARED_TREE,
        ),
    )
}
DEFAULT_MARKETPLACES = ("EBAY_US",)


def marketplace(marketplace_id: str) -> Marketplace:
    """The configured marketplace; a clear error naming the known ones otherwise."""
    try:
        return MARKETPLACES[marketplace_id]
    except KeyError:
        raise ValueError(
            f"unknown eBay marketplace {marketplace_id!r}: known are {', '.join(MARKETPLACES)}"
        ) from None
