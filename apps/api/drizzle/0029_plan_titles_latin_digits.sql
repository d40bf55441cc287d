-- Plan titles in Latin digits, as every number of the store (spec §1; issue 43): the demo's seed wrote its Arabic
-- titles in Arabic-Indic digits ("٦ شهور بدون فوائد", "٢٤ شهر بفائدة ١٢٪ سنوياً"), and in the back office's
-- "بنك مصر · ٦ شهور" the separator read as the digit ٠ (60 months). New seeds write Latin digits already.
UPDATE "bank_installments"
SET "title_ar" = translate("title_ar", '٠١٢٣٤٥٦٧٨٩٪', '0123456789%')
WHERE "title_ar" ~ '[٠-٩٪]';
