"""SQLiteCpp from Python: a Statement refers to its Database, which it keeps alive without an
annotation (a Database cannot be copied: swiggen keeps such constructor arguments alive)."""

import sqlitecpp as sql

db = sql.Database(":memory:", sql.OPEN_READWRITE | sql.OPEN_CREATE)
db.exec("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, year INTEGER)")
with_rows = sql.Transaction(db)
for title, year in [("Dune", 1965), ("Solaris", 1961), ("Ubik", 1969)]:
    insert = sql.Statement(db, "INSERT INTO books (title, year) VALUES (?, ?)")
    insert.bind(1, title)
    insert.bind(2, year)
    insert.exec()
with_rows.commit()

query = sql.Statement(db, "SELECT title, year FROM books WHERE year > ? ORDER BY year")
query.bind(1, 1962)
del db  # the statement keeps the database open
while query.executeStep():
    print(query.getColumn(0).getText(), query.getColumn(1).getInt())
try:
    sql.Statement(sql.Database(":memory:"), "SELEC 1")
except RuntimeError as e:
    print("error:", e)
