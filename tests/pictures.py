"""What the tests read back from nimlib's pictures: the SVG inside HTML that picture_html makes
(it shows each as an <img> with a data: URI)."""

import base64
import re


def pictures_in(page: str) -> list[str]:
    """The SVG of every picture in `page`, HTML such as picture_html makes, decoded from the data:
    URIs."""
    found = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page)
    return [base64.b64decode(data).decode("utf-8") for data in found]
