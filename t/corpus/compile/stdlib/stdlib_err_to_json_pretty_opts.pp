to_json_pretty([], false, {indent => 2, bogus => 1})
