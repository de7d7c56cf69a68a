-- wrk script: the ICD-10-CM search through the API, with the queries diagnosis-bench measured directly.
-- Env: TOKEN, DIAGNOSIS_QUERIES (the file the direct run wrote).
dofile("bench/searches.lua")
cycle_searches("/api/diagnosis/?search=", os.getenv("DIAGNOSIS_QUERIES") or "bench/data/diagnosis-queries.txt")
dofile("bench/report.lua")
