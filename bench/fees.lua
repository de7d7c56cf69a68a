-- wrk script: the fee search through the API, with the searches billing-bench measured directly.
-- Env: TOKEN, FEE_QUERIES (the file the direct run wrote).
dofile("bench/searches.lua")
cycle_searches("/api/fee/?feeScheduleId=1&search=", os.getenv("FEE_QUERIES") or "bench/data/fee-queries.txt")
dofile("bench/report.lua")
