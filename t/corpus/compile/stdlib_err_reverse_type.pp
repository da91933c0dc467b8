reverse({})
