"""HttpSession.ok: the one place a final non-200 status becomes the FetchError every source client raises."""

import httpx
import pytest

from pipelines.sources.http_session import FetchError, HttpSession, RetryPolicy, tls_context


def session(status: int) -> HttpSession:
    transport = httpx.MockTransport(lambda request: httpx.Response(status, content=b"{}"))
    return HttpSession(client=httpx.Client(transport=transport), policy=RetryPolicy(max_attempts=1))


def test_a_200_passes_and_another_final_status_is_one_error_naming_it_without_secrets():
    s = session(200)
    response = s.send(lambda: httpx.Request("GET", "https://api.example.test/items?q=rtx"))
    assert HttpSession.ok(response) is response
    s = session(404)
    response = s.send(
        lambda: httpx.Request("GET", "https://api.example.test/items?q=rtx&access_token=sekret")
    )
    with pytest.raises(FetchError) as caught:
        HttpSession.ok(response)
    err = caught.value
    assert (err.kind, err.status, err.attempts) == ("http_status", 404, 1)
    assert err.reason.startswith("HTTP 404 on https://api.example.test/items") and "sekret" not in err.reason


def test_every_client_shares_one_tls_context_that_still_verifies_certificates():
    import ssl

    context = tls_context()
    assert context is tls_context()  # built once per process (it reads the whole CA bundle)
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert context.cert_store_stats()["x509_ca"] > 50  # a real trust store, not an empty one
