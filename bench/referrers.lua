-- wrk script: the referrer search through the API, with the searches referrer-bench measured directly.
-- Env: TOKEN, REFERRER_QUERIES (the file the direct run wrote).
dofile("bench/searches.lua")
cycle_searches("/api/referrers/?search=", os.getenv("REFERRER_QUERIES") or "bench/data/referrer-queries.txt")
dofile("bench/report.lua")
