// English messages: a register file that cannot be imported (spread into the manage area, ADR 012).
// {row} is the row as the file's shape counts them: a CSV's spreadsheet row (the header is row 1), a
// saved page's business card, a JSON file's record; {column} is the column as the file names it.
export const enRegisterFile = {
  "registerFile.unknownShape":
    "This file is not a register list we can read: a scraper's CSV, a saved register page, the national portal's JSON or the list of revoked certificates.",
  "registerFile.empty": "The file is empty.",
  "registerFile.tooLarge":
    "The file is larger than {max} MB, and a register list is far smaller. Check that this is the right file.",
  "registerFile.binary":
    "This is not a text file (it looks like a spreadsheet, a PDF or an image). Save the list as CSV (UTF-8), as a web page (HTML) or as JSON.",
  "registerFile.encoding":
    "The file is not UTF-8 text, so its Hebrew cannot be read. Save it again as “CSV UTF-8” (or as UTF-8 text) and upload it again.",
  "registerFile.brokenCsv": "Row {row}: the CSV cannot be read from here on (a quotation mark left open?).",
  "registerFile.cellCount": "Row {row} has {cells} cells, but the header names {columns} columns.",
  "registerFile.brokenJson": "The file starts like JSON but is not valid JSON (it may have been cut off).",
  "registerFile.brokenHtml":
    "Card {row} of the page is broken: it holds another business's card. Save the page from the browser again.",
  "registerFile.brokenPage":
    "The page's HTML is broken (its elements are nested hundreds deep, never closed). Save the page from the browser again.",
  "registerFile.truncated":
    "The page ends in the middle of card {row}: it was not saved completely. Save it from the browser again.",
  "registerFile.noName": "Row {row}: the business has no name ({column}).",
  "registerFile.badDate": "Row {row}: “{value}” in {column} is not a date.",
  "registerFile.formula":
    "Row {row}: the value “{value}” in {column} starts with =, +, - or @, as a spreadsheet formula does. Such a file is refused: correct that cell and upload the file again.",
  "registerFile.tooLong": "Row {row}: the value in {column} is longer than {max} characters.",
  "registerFile.noEntries": "The file lists no businesses.",
  "registerFile.noCityRows": "The portal's file lists no businesses in Tel Aviv-Yafo.",
  "registerFile.tooManyRows":
    "The file lists more than {max} businesses, and a register list is far smaller. Check that this is the right file.",
} as const;
