include(Class)
