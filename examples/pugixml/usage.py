"""pugixml from Python through swiggen: parse, query with XPath, edit, save."""
import os
import tempfile

import pugixml as pugi

doc = pugi.xml_document()
result = doc.load_string("<catalog><book id='7'>Dune</book><book id='8'>Solaris</book></catalog>")
if not result:
    raise SystemExit(result.description())
book = doc.child("catalog").child("book")
while book:
    print(book.name(), book.attribute("id").as_int(), book.child_value())
    book = book.next_sibling("book")
print(doc.select_node("//book[@id='8']").node().child_value())
new = doc.child("catalog").append_child("book")
new.append_attribute("id").set_value(9)
new.text().set("Ubik")
path = os.path.join(tempfile.mkdtemp(), "catalog.xml")
doc.save_file(path)
print(open(path).read().count("<book"))
