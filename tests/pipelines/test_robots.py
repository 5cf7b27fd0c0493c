"""robots.txt as RFC 9309 reads it, through the retailer client: longest match, Allow wins a tie, `*` and `$`
wildcards, groups per user agent, 4xx = allowed, 5xx = the store is skipped, and Crawl-delay slows the
store's throttle. Each case is one `urllib.robotparser` gets wrong or one the RFC spells out."""

import urllib.robotparser

import httpx
import pytest

from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy, Throttle
from pipelines.sources.retailers.client import USER_AGENT, RetailerClient
from pipelines.sources.retailers.stores import newegg_spec

BASE = "https://shop.test"


def client_with(robots: str | int, per_second: float = 0.0) -> RetailerClient:
    def handler(request: httpx.Request) -> httpx.Response:
        if isinstance(robots, int):
            return httpx.Response(robots, text="no")
        return httpx.Response(200, text=robots)

    http = httpx.Client(transport=httpx.MockTransport(handler))
    session = HttpSession(
        http, RetryPolicy(max_attempts=2, base_delay_s=0), Throttle(per_second), sleep=lambda s: None
    )
    return RetailerClient(newegg_spec(BASE), session)


def urllib_says(robots: str, url: str) -> bool:
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(robots.splitlines())
    return parser.can_fetch(USER_AGENT, url)


LONGEST = "User-agent: *\nDisallow: /p/\nAllow: /p/pl\n"
WILDCARD = "User-agent: *\nDisallow: /*?*Order=\nDisallow: /*.php$\n"
TIE = "User-agent: *\nDisallow: /p/pl\nAllow: /p/pl\n"
OWN_GROUP = "User-agent: *\nDisallow: /\n\nUser-agent: gpu-market\nAllow: /p/\n"


@pytest.mark.parametrize(
    "robots, path, allowed, urllib_agrees",
    [
        (LONGEST, "/p/pl?N=100007709", True, False),  # the longer Allow beats the earlier, shorter Disallow
        (LONGEST, "/p/other", False, True),
        (WILDCARD, "/p/pl?N=1&Order=2", False, False),  # `*` matches any run of characters
        (WILDCARD, "/store/page.php", False, False),  # `$` anchors the end
        (WILDCARD, "/store/page.php?x=1", True, True),
        (TIE, "/p/pl?N=1", True, False),  # equal length: Allow wins
        (OWN_GROUP, "/p/pl?N=1", True, True),  # our product token's group, not `*`
        (OWN_GROUP, "/cart", True, True),  # ...which has no rule for /cart
    ],
)
def test_rfc_9309_matching(robots, path, allowed, urllib_agrees):
    assert client_with(robots).allowed(BASE + path) is allowed
    assert (urllib_says(robots, BASE + path) == allowed) is urllib_agrees


def test_a_4xx_robots_txt_allows_everything_and_a_5xx_skips_the_store():
    assert client_with(404).allowed(BASE + "/p/pl") and client_with(403).allowed(BASE + "/p/pl")
    with pytest.raises(FetchError) as failed:
        client_with(503).allowed(BASE + "/p/pl")
    assert failed.value.kind == "http_status" and failed.value.status == 503


@pytest.mark.parametrize(
    "configured, delay, expected", [(1.0, 5, 0.2), (0.1, 5, 0.1), (0.0, 2, 0.5), (1.0, None, 1.0)]
)
def test_crawl_delay_slows_the_throttle_never_speeds_it_up(configured, delay, expected):
    robots = "User-agent: *\nAllow: /\n" + (f"Crawl-delay: {delay}\n" if delay else "")
    client = client_with(robots, per_second=configured)
    client.allowed(BASE + "/p/pl")
    assert client._session.throttle.per_second == pytest.approx(expected)
