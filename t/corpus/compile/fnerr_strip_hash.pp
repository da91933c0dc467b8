notice(strip({'a' => ' b'}))
