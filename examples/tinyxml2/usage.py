"""TinyXML-2 from Python through swiggen: parse, walk, build and print a document."""
import tinyxml2 as tx

doc = tx.XMLDocument()
if doc.Parse("<catalog><book id='7' price='9.5'>Dune</book><book id='8'/></catalog>") != \
        tx.XMLError.XML_SUCCESS:
    raise SystemExit(doc.ErrorStr())
book = doc.RootElement().FirstChildElement("book")
while book is not None:
    print(book.Name(), book.IntAttribute("id", -1), book.DoubleAttribute("price", 0.0),
          book.GetText())
    book = book.NextSiblingElement("book")

out = tx.XMLDocument()
out.InsertEndChild(out.NewDeclaration())
root = out.InsertEndChild(out.NewElement("squares")).ToElement()
for i in range(3):
    item = out.NewElement("n")
    item.SetAttribute("value", i * i)
    root.InsertEndChild(item)
printer = tx.XMLPrinter()
out.Print(printer)
print(printer.CStr())
