-- Words shoppers type that the first seed's synonyms missed (decision 020, sixth session): an oven (فرن) is a
-- cooker's or a microwave's, a stove a cooker, a fridge a refrigerator, AC an air conditioner, and "airfryer" joins
-- the air fryer's group.
-- The same rows as DEFAULT_SYNONYMS (synonyms.ts) says them, normalised; a store that already has one keeps it.
INSERT INTO "search_synonyms" ("term", "alternative", "two_way") VALUES
('ايرفراير', 'airfryer', true),
('فرن', 'بوتاجاز', false),
('فرن', 'بوتاجازات', false),
('فرن', 'ميكروويف', false),
('فرن', 'oven', false),
('فرن', 'cooker', false),
('فرن', 'microwave', false),
('oven', 'cooker', false),
('oven', 'microwave', false),
('oven', 'بوتاجاز', false),
('oven', 'ميكروويف', false),
('stove', 'cooker', false),
('stove', 'بوتاجاز', false),
('ac', 'air conditioner', false),
('ac', 'تكييف', false),
('ac', 'تكييفات', false),
('fridge', 'refrigerator', false),
('fridge', 'ثلاجه', false),
('fridge', 'ثلاجات', false),
('fridges', 'refrigerator', false),
('fridges', 'ثلاجات', false)
ON CONFLICT ("term", "alternative") DO NOTHING;
