type Common::Username = Pattern[/\A[a-z_][a-z0-9_-]{0,31}\z/]
