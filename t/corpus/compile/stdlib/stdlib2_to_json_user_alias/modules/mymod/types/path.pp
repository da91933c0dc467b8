type Mymod::Path = Pattern[/^\//]
