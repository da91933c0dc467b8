stdlib::start_with('abc', '')
