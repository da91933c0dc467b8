assert_type(Resource['file'], Notify['x'])
